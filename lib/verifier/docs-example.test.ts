import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerKey, TestIssuer } from '../../testing/verifier-issuer';

// docs/public-api.md ("Signed passports") shows how to verify a credential with standard tools; these tests run
// what it shows, as written there, against a hand-made issuer, so the documentation stays correct.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(path.join(ROOT, 'docs', 'public-api.md'), 'utf8');

/** The first fenced block of `language` after `marker` in the document. */
function block(marker: string, language: string): string {
  const from = DOC.indexOf(marker);
  expect(from, marker).toBeGreaterThanOrEqual(0);
  const open = DOC.indexOf(`\`\`\`${language}\n`, from) + language.length + 4;
  return DOC.slice(open, DOC.indexOf('```\n', open));
}

function run(file: string, args: string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let issuer: TestIssuer;
let dir: string;

beforeAll(async () => {
  issuer = await TestIssuer.begin();
  // An integrator's directory: the documented script saved as verify-credential.mjs beside an installed jose.
  dir = mkdtempSync(path.join(tmpdir(), 'verify-docs-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'verify-credential.mjs'), block('<!-- verify-credential.mjs', 'js'));
});
afterAll(async () => {
  await issuer.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the documented verification with standard tools', { timeout: 60_000 }, () => {
  const verifyWithScript = (url: string) =>
    run(process.execPath, ['verify-credential.mjs', url], dir).then((r) => ({
      ...r,
      result: r.code === 0 ? JSON.parse(r.stdout) : null,
    }));

  it('the documented script finds a valid credential valid: signature, digest of the served bytes, both bits 0', async () => {
    const { url } = await issuer.publish({ version: 1, index: 11 });
    const { result, stderr } = await verifyWithScript(url);
    expect(result, stderr).toEqual({
      valid: true,
      issuer: { id: issuer.did, name: issuer.name },
      passport: issuer.versionUrl(1),
      digest: true,
      revocation: 0,
      suspension: 0,
    });
  });

  it('the documented script reads a revoked credential’s bit and checks lists signed after a key rotation', async () => {
    const { url } = await issuer.publish({ version: 2, index: 12 });
    const retired = issuer.keys[0];
    issuer.keys = [await issuerKey(), retired];
    issuer.setBit('revocation', 12);
    try {
      issuer.publishDidDocument();
      await issuer.publishStatusLists();
      const { result, stderr } = await verifyWithScript(url);
      expect(result, stderr).toMatchObject({ valid: false, digest: true, revocation: 1, suspension: 0 });
    } finally {
      issuer.keys = [retired];
      issuer.setBit('revocation', 12, false);
      issuer.publishDidDocument();
      await issuer.publishStatusLists();
    }
  });

  it('the documented script refuses a credential with a changed payload byte', async () => {
    const { jws } = await issuer.publish({ version: 3, index: 13 });
    const [header, payload, signature] = jws.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.indexOf('Pack 1')] = 'Q'.charCodeAt(0);
    issuer.serve('/tampered', [header, bytes.toString('base64url'), signature].join('.'), 'application/vc+jwt');
    const { code, stderr } = await verifyWithScript(`${issuer.origin}/tampered`);
    expect(code).not.toBe(0);
    expect(stderr).toContain('signature verification failed');
  });

  it('the documented one-liners read the header without jq or openssl', async () => {
    const { jws } = await issuer.publish({ version: 4, index: 14 });
    writeFileSync(path.join(dir, 'credential.jwt'), jws);
    const header = { alg: 'EdDSA', kid: `${issuer.did}#${issuer.keys[0].kid}`, typ: 'vc+jwt', cty: 'vc' };
    const [viaNode, viaCoreutils] = block('Read a JWS', 'bash')
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    const node = await run('bash', ['-c', viaNode], dir);
    expect(node.stdout).toContain(`kid: '${header.kid}'`);
    const shell = await run('bash', ['-c', viaCoreutils], dir);
    expect(JSON.parse(shell.stdout)).toEqual(header);
  });

  it('the documented one-liner hashes the served version to the credential’s digestSRI', async () => {
    const { jws } = await issuer.publish({ version: 5, index: 15 });
    const credential = JSON.parse(Buffer.from(jws.split('.')[1], 'base64url').toString('utf8'));
    writeFileSync(path.join(dir, 'v3.json'), await (await fetch(credential.relatedResource[0].id)).text());
    const hashed = await run('bash', ['-c', block('The SHA-256 of the served version', 'bash').trim()], dir);
    expect(`sha256-${hashed.stdout.trim()}`).toBe(credential.relatedResource[0].digestSRI);
  });
});
