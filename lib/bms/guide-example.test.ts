import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signBmsRequest } from '../client/signing';
import { BMS_SECRET_PER_SECOND } from '../http/rate-limit/policies';
import { BMS_DYNAMIC_FIELD_IDS } from '../schema/fields/dynamic';
import { parseBmsBody } from './body';
import { LIFETIME_COUNTER_NAMES } from './schemas';
import { bmsSignatureHex, verifyBmsSignature } from './signature';

// docs/bms-guide.md publishes one fully worked signature; these tests read its values out of the guide and
// recompute them, so the guide cannot drift from the client's signer or the server's verifier.
const GUIDE = readFileSync(new URL('../../docs/bms-guide.md', import.meta.url), 'utf8');

function labelled(label: string): string {
  const match = new RegExp(`<!-- worked-example:${label} -->\\n\`\`\`[\\w-]*\\n([\\s\\S]*?)\\n\`\`\``).exec(GUIDE);
  if (!match) throw new Error(`docs/bms-guide.md has no fenced block labelled worked-example:${label}`);
  return match[1]!;
}

const inputs = Object.fromEntries(
  labelled('inputs')
    .split('\n')
    .map((line) => line.trim().split(/\s+/, 2) as [string, string]),
);
const example = {
  secret: inputs.secret!,
  timestamp: Number(inputs.timestamp),
  body: labelled('body'),
  canonical: labelled('canonical'),
  signature: labelled('signature'),
  header: labelled('header'),
};

describe('the worked signature in docs/bms-guide.md', () => {
  it('uses a well-formed secret, a whole-second time and a body the endpoint accepts', () => {
    expect(example.secret).toMatch(/^bms_[0-9A-Za-z]{40}$/);
    expect(Number.isInteger(example.timestamp)).toBe(true);
    expect(parseBmsBody(new TextEncoder().encode(example.body))).toEqual(JSON.parse(example.body));
  });

  it('gives the canonical string <timestamp>.<rawBody>', () => {
    expect(example.canonical).toBe(`${example.timestamp}.${example.body}`);
  });

  it('gives the HMAC the server computes and the client signer sends, and the server accepts it', () => {
    expect(bmsSignatureHex(example.secret, example.timestamp, example.body)).toBe(example.signature);
    expect(signBmsRequest({ rawBody: example.body, secret: example.secret, timestamp: example.timestamp })).toEqual({
      'X-Service-Signature': `t=${example.timestamp}, v1=${example.signature}`,
    });
    expect(example.header).toBe(`X-Service-Signature: t=${example.timestamp}, v1=${example.signature}`);
    expect(() =>
      verifyBmsSignature({
        header: example.header.replace('X-Service-Signature: ', ''),
        rawBody: new TextEncoder().encode(example.body),
        secret: example.secret,
        nowSeconds: example.timestamp + 10,
      }),
    ).not.toThrow();
  });

  it.skipIf(spawnSync('openssl', ['version']).status !== 0)('matches what openssl computes', () => {
    const out = spawnSync('openssl', ['dgst', '-sha256', '-hmac', example.secret], {
      input: example.canonical,
      encoding: 'utf8',
    }).stdout;
    expect(out.trim().split(/\s+/).at(-1)).toBe(example.signature);
  });

  it('names every whitelisted key, every counter and the rate budget the service enforces', () => {
    for (const key of BMS_DYNAMIC_FIELD_IDS) expect(GUIDE, key).toContain(`\`${key}\``);
    for (const name of LIFETIME_COUNTER_NAMES) expect(GUIDE, name).toContain(`\`${name}\``);
    expect(GUIDE).toContain(`${BMS_SECRET_PER_SECOND} requests per second per secret`);
  });
});
