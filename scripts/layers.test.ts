import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The layer rules of docs/architecture.md, run by `npm run lint` on the real tree. These tests prove the rules
// catch what they are there for, on a small project of their own laid out like this one.
const root = path.resolve(import.meta.dirname, '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');
const projects: string[] = [];

function cruise(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  projects.push(dir);
  const tsconfig = { compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))];
  const run = spawnSync(depcruise, [...roots, '--config', config, '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

describe('the layer rules', () => {
  it('accept the allowed directions: a surface over the HTTP toolkit and the domain, both over db and the base', () => {
    const result = cruise({
      'lib/errors/index.ts': 'export const e = 1;',
      'lib/db/client.ts': "import { e } from '../errors';\nexport const db = e;",
      'lib/http/errors.ts': "import { db } from '../db/client';\nexport const h = db;",
      'lib/passport/verb.ts': "import { db } from '../db/client';\nexport const v = db;",
      'lib/server/glue.ts':
        "import { h } from '../http/errors';\nimport { v } from '../passport/verb';\nexport const g = h + v;",
    });
    expect(result.output).not.toContain('error');
    expect(result.status).toBe(0);
  });

  it('refuse lib/http importing the domain, and the domain importing lib/http', () => {
    const result = cruise({
      'lib/http/page.ts': "import { p } from '../passport/public';\nexport const h = p;",
      'lib/passport/public.ts': 'export const p = 1;',
      'lib/poli/verb.ts': "import { s } from '../http/status';\nexport const v = s;",
      'lib/http/status.ts': 'export const s = 1;',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('http-imports-no-domain: lib/http/page.ts → lib/passport/public.ts');
    expect(result.output).toContain('domain-imports-no-http: lib/poli/verb.ts → lib/http/status.ts');
  });

  it('refuse an import cycle and production code importing test code', () => {
    const result = cruise({
      'lib/passport/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'lib/passport/b.ts': "import { a } from './a';\nexport const b = () => a;",
      'lib/gdpr/seed.ts': "import { kit } from '../../testing/factories';\nexport const s = kit;",
      'testing/factories.ts': 'export const kit = 1;',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('no-cycles: lib/passport/a.ts');
    expect(result.output).toContain('production-imports-no-test-code: lib/gdpr/seed.ts → testing/factories.ts');
  });

  it('refuse the base and lib/db importing anything above them', () => {
    const result = cruise({
      'lib/config.ts': "import { d } from './db/client';\nexport const c = d;",
      'lib/db/client.ts': "import { s } from '../schema/types';\nexport const d = s;",
      'lib/schema/types.ts': 'export const s = 1;',
    });
    expect(result.output).toContain('base-imports-only-base: lib/config.ts → lib/db/client.ts');
    expect(result.output).toContain('db-imports-only-base: lib/db/client.ts → lib/schema/types.ts');
  });

  it('keep lib/verifier standalone: the vocabulary of lib/credentials and nothing else of lib/', () => {
    const result = cruise({
      'lib/credentials/vocabulary.ts': 'export const w = 1;',
      'lib/credentials/did.ts': "import { w } from './vocabulary';\nexport const d = w;",
      'lib/verifier/verify.ts':
        "import { w } from '../credentials/vocabulary';\nimport { d } from '../credentials/did';\nexport const v = w + d;",
    });
    expect(result.output).toContain('verifier-is-standalone: lib/verifier/verify.ts → lib/credentials/did.ts');
    expect(result.output).not.toContain('lib/verifier/verify.ts → lib/credentials/vocabulary.ts');
  });
});
