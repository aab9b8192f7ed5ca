import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ensureGeneratedSecrets,
  loadGeneratedSecrets,
  readRuntimeDatabaseUrl,
  removeRuntimeFile,
  runtimeFilePath,
  secretsFilePath,
  writeRuntimeFile,
} from './runtime-files';

const NAMES = ['DATA_DIR', 'APP_ENCRYPTION_KEY', 'NEXTAUTH_SECRET'] as const;
let saved: Record<string, string | undefined>;
let dir: string;

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  dir = mkdtempSync(path.join(tmpdir(), 'bps-runtime-'));
  process.env.DATA_DIR = dir;
  delete process.env.APP_ENCRYPTION_KEY;
  delete process.env.NEXTAUTH_SECRET;
});
afterEach(() => {
  for (const n of NAMES) saved[n] === undefined ? delete process.env[n] : (process.env[n] = saved[n]);
  rmSync(dir, { recursive: true, force: true });
});

describe('runtime file', () => {
  it('hands the running launcher’s database URL to other processes, privately', () => {
    expect(readRuntimeDatabaseUrl()).toBeNull();
    writeRuntimeFile({ databaseUrl: 'postgresql://u:p@127.0.0.1:5999/db', pid: process.pid });
    expect(readRuntimeDatabaseUrl()).toBe('postgresql://u:p@127.0.0.1:5999/db');
    expect(statSync(runtimeFilePath()).mode & 0o777).toBe(0o600);
    removeRuntimeFile();
    expect(readRuntimeDatabaseUrl()).toBeNull();
  });

  it('ignores a file left behind by a launcher that is no longer running, or a corrupt one', () => {
    writeRuntimeFile({ databaseUrl: 'postgresql://u:p@127.0.0.1:5999/db', pid: 99_999_999 });
    expect(readRuntimeDatabaseUrl()).toBeNull();
    writeFileSync(runtimeFilePath(), '{not json');
    expect(readRuntimeDatabaseUrl()).toBeNull();
  });
});

describe('generated secrets', () => {
  it('creates 32-byte hex secrets once, mode 0600, and loads them where unset', () => {
    expect(ensureGeneratedSecrets()).toEqual(['APP_ENCRYPTION_KEY', 'NEXTAUTH_SECRET']);
    const stored = JSON.parse(readFileSync(secretsFilePath(), 'utf8'));
    expect(stored.APP_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.NEXTAUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.APP_ENCRYPTION_KEY).not.toBe(stored.NEXTAUTH_SECRET);
    expect(statSync(secretsFilePath()).mode & 0o777).toBe(0o600);
    expect(process.env.APP_ENCRYPTION_KEY).toBe(stored.APP_ENCRYPTION_KEY);
    ensureGeneratedSecrets();
    expect(JSON.parse(readFileSync(secretsFilePath(), 'utf8'))).toEqual(stored);
  });

  it('never overrides a variable the environment already sets', () => {
    ensureGeneratedSecrets();
    process.env.APP_ENCRYPTION_KEY = 'from-the-environment';
    delete process.env.NEXTAUTH_SECRET;
    expect(loadGeneratedSecrets()).toEqual(['NEXTAUTH_SECRET']);
    expect(process.env.APP_ENCRYPTION_KEY).toBe('from-the-environment');
  });

  it('refuses to replace a corrupt secrets file (its key may still protect stored secrets)', () => {
    writeFileSync(secretsFilePath(), 'oops');
    expect(() => ensureGeneratedSecrets()).toThrow(/not valid JSON/);
    expect(readFileSync(secretsFilePath(), 'utf8')).toBe('oops');
    expect(loadGeneratedSecrets.bind(null)).toThrow(/not valid JSON/);
  });
});
