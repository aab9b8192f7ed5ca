import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_ENDPOINTS } from '../integration/api';
import { canonicalString, verifyIntegrationSignature } from '../integration/signature';
import { createIntegrationClient } from './index';
import { signIntegrationRequest } from './signing';

// docs/integrator-guide.md publishes one fully worked signature; these tests read its values out of the guide and
// recompute them, so the guide cannot drift from the client's signer or the server's verifier.
const GUIDE = readFileSync(new URL('../../docs/integrator-guide.md', import.meta.url), 'utf8');

/** The fenced block right after `<!-- worked-example:<label> -->`, exactly as written between the fences. */
function labelled(label: string): string {
  const match = new RegExp(`<!-- worked-example:${label} -->\\n\`\`\`[\\w-]*\\n([\\s\\S]*?)\\n\`\`\``).exec(GUIDE);
  if (!match) throw new Error(`docs/integrator-guide.md has no fenced block labelled worked-example:${label}`);
  return match[1];
}

const inputs = Object.fromEntries(
  labelled('inputs')
    .split('\n')
    .map((line) => line.trim().split(/\s+/, 2) as [string, string]),
);
const example = {
  secret: inputs.signingSecret,
  timestamp: Number(inputs.timestamp),
  method: inputs.method,
  pathWithQuery: inputs.pathWithQuery,
  body: labelled('body'),
  bodySha256: labelled('body-sha256'),
  canonical: labelled('canonical'),
  signature: labelled('signature'),
  header: labelled('header'),
};

const has = (command: string, probe = ['--version']) => spawnSync(command, probe, { stdio: 'ignore' }).status === 0;
const hasOpenssl = has('openssl', ['version']);
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout.trim();
};

describe('the worked signature in docs/integrator-guide.md', () => {
  it('is a write with a JSON body, a query string and an sk_ secret of 40 characters, at a whole-second time', () => {
    expect(example.secret).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(Number.isInteger(example.timestamp) && example.timestamp > 0).toBe(true);
    expect(example.method).toMatch(/^(POST|PUT|PATCH|DELETE)$/);
    expect(example.pathWithQuery).toMatch(/^\/api\/v1\/[^?\s]+\?\S+$/);
    expect(() => JSON.parse(example.body)).not.toThrow();
  });

  it('gives the SHA-256 of the body bytes exactly as documented', () => {
    expect(createHash('sha256').update(example.body, 'utf8').digest('hex')).toBe(example.bodySha256);
  });

  it('gives the canonical string <timestamp>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>, as the server builds it', () => {
    expect(example.canonical).toBe(
      `${example.timestamp}.${example.method}.${example.pathWithQuery}.${example.bodySha256}`,
    );
    expect(
      canonicalString(example.timestamp, example.method, example.pathWithQuery, new TextEncoder().encode(example.body)),
    ).toBe(example.canonical);
  });

  it('gives the HMAC-SHA256 of the canonical string keyed with the secret', () => {
    expect(createHmac('sha256', example.secret).update(example.canonical, 'utf8').digest('hex')).toBe(
      example.signature,
    );
  });

  it('is exactly the header signIntegrationRequest (lib/client/signing.ts) produces', () => {
    const signed = signIntegrationRequest({
      method: example.method,
      pathWithQuery: example.pathWithQuery,
      body: example.body,
      signingSecret: example.secret,
      timestamp: example.timestamp,
    });
    expect(example.header).toBe(`X-Service-Signature: ${signed['X-Service-Signature']}`);
    expect(signed['X-Service-Signature']).toBe(`t=${example.timestamp}, v1=${example.signature}`);
  });

  it("is accepted by the server's verifier at its timestamp, and refused once the body changes by one byte", () => {
    const request = {
      header: example.header.replace(/^X-Service-Signature:\s*/, ''),
      method: example.method,
      pathWithQuery: example.pathWithQuery,
      secret: example.secret,
      nowSeconds: example.timestamp,
    };
    expect(() =>
      verifyIntegrationSignature({ ...request, rawBody: new TextEncoder().encode(example.body) }),
    ).not.toThrow();
    expect(() =>
      verifyIntegrationSignature({ ...request, rawBody: new TextEncoder().encode(`${example.body} `) }),
    ).toThrow(/signature/);
  });

  it.runIf(has('python3'))('is what the guide’s Python snippet prints', () => {
    expect(run('python3', ['-c', labelled('python')])).toBe(example.header);
  });

  it.runIf(hasOpenssl)('is what the guide’s OpenSSL one-liner prints', () => {
    expect(run('sh', ['-c', labelled('shell')])).toBe(example.signature);
  });

  it.runIf(hasOpenssl && has('bash'))('is the header the walkthrough’s curl helper sends for the same request', () => {
    // `date` and `curl` are stood in for by shell functions: the clock is the example's, and curl prints its arguments.
    const script = [
      labelled('curl-helper'),
      `date() { echo ${example.timestamp}; }`,
      `curl() { printf '%s\\n' "$@"; }`,
      `BPS_SECRET='${example.secret}' bps ${example.method} '${example.pathWithQuery}' '${example.body}'`,
    ].join('\n');
    const args = run('bash', ['-c', script]).split('\n');
    expect(args).toContain(example.header);
    expect(args).toContain(example.body);
    expect(args.at(-1)).toBe(`http://localhost:3000${example.pathWithQuery}`);
  });
});

describe('the walkthrough in docs/integrator-guide.md', () => {
  it('calls only methods createIntegrationClient provides', () => {
    const client = createIntegrationClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'pk_test_x',
      signingSecret: 'sk_x',
    }) as Record<string, unknown>;
    const code = [...GUIDE.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    const called = [...new Set([...code.matchAll(/\bclient\.(\w+)\(/g)].map((m) => m[1]))];
    expect(called.length).toBeGreaterThan(5);
    expect(called.filter((name) => typeof client[name] !== 'function')).toEqual([]);
  });

  it('names only operations of the OpenAPI document (INTEGRATION_ENDPOINTS)', () => {
    const operations = INTEGRATION_ENDPOINTS.map((e) => ({
      method: e.method,
      path: new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
    const named = [...GUIDE.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/[^`\s?]*)/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(named.length).toBeGreaterThan(10);
    const unknown = [...new Set(named)].filter((op) => {
      const [method, path] = op.split(' ');
      return !operations.some((o) => o.method === method && o.path.test(path));
    });
    expect(unknown).toEqual([]);
  });
});
