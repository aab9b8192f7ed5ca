import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestIssuer } from '../testing/verifier-issuer';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

let issuer: TestIssuer;
let dir: string;

beforeAll(async () => {
  issuer = await TestIssuer.begin();
  dir = mkdtempSync(path.join(tmpdir(), 'verify-cli-'));
});
afterAll(async () => {
  await issuer.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI as an integrator would, with nothing of the service's environment. */
function verify(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/verify.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const file = (name: string, content: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};

describe('verify CLI', { timeout: 120_000 }, () => {
  it('exits 0 on a valid credential and prints one JSON report with --json', async () => {
    const { url } = await issuer.publish({ version: 1, index: 7 });
    const run = await verify([url, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual({
      valid: true,
      issuer: { id: issuer.did, name: issuer.name },
      credentialId: url,
      passport: { slug: 'pack-1', url: issuer.versionUrl(1) },
      version: 1,
      kid: `${issuer.did}#${issuer.keys[0].kid}`,
      checks: ['jws', 'did-document', 'signature', 'payload', 'digest', 'served-bytes', 'revocation', 'suspension'].map(
        (name) => ({ name, ok: true, detail: expect.any(String) }),
      ),
      reasons: [],
    });
  });

  it('prints "valid" first without --json', async () => {
    const { url } = await issuer.publish({ version: 2, index: 8 });
    const run = await verify([url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('valid');
    expect(run.stdout).toContain(`issuer:     ${issuer.name} (${issuer.did})`);
  });

  it('exits 1 on a revoked credential, the reason saying so', async () => {
    const { url } = await issuer.publish({ version: 3, index: 9 });
    issuer.setBit('revocation', 9);
    try {
      await issuer.publishStatusLists();
      const run = await verify([url, '--json']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ valid: false, reasons: [expect.stringMatching(/^revoked: /)] });
      const text = await verify([url]);
      expect(text.stdout.split('\n')[0]).toBe('NOT VALID');
      expect(text.stdout).toMatch(/why not valid:\n {2}- revoked: /);
    } finally {
      issuer.setBit('revocation', 9, false);
      await issuer.publishStatusLists();
    }
  });

  it('exits 1 when the credential cannot be fetched, with a JSON report', async () => {
    const run = await verify([`${issuer.origin}/api/dpp/none/v/1/credential`, '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: false, reasons: [expect.stringMatching(/answers 404$/)] });
  });

  it('verifies offline from files (exit 0), and without status lists finds it not valid (exit 1)', async () => {
    const { jws } = await issuer.publish({ version: 4, index: 10 });
    const credential = file('credential.jwt', `${jws}\n`);
    const didDocument = file('did.json', JSON.stringify(issuer.didDocument()));
    const revocation = file('revocation.jwt', await issuer.statusList('revocation'));
    const suspension = file('suspension.jwt', await issuer.statusList('suspension'));
    const args = [credential, '--offline', '--did-document', didDocument, '--json'];
    const run = await verify([...args, '--status-list', revocation, '--status-list', suspension]);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout).checks[5]).toEqual({
      name: 'served-bytes',
      ok: null,
      detail: 'not checked (offline)',
    });
    const without = await verify(args);
    expect(without.code).toBe(1);
    expect(JSON.parse(without.stdout).reasons).toContain('status not checked (offline)');
  });

  it('exits 2 on usage errors, stdout empty', async () => {
    const credential = file('c.jwt', 'x.y.z');
    for (const args of [
      [],
      ['a', 'b'],
      ['--bogus', credential],
      [path.join(dir, 'missing.jwt')],
      [`${issuer.origin}/api/dpp/x/v/1/credential`, '--offline'],
      [credential, '--did-document', credential],
      [credential, '--status-list', file('bad-list', 'not a jws')],
    ]) {
      const run = await verify([...args, '--json']);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Usage: npm run -s verify');
    }
  });
});
