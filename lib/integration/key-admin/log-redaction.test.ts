import { describe, expect, it } from 'vitest';
import { createLogger } from '../../log';

describe('a key never appears in a log line', () => {
  it('redacts the bearer key, the signing secret and a mint answer however a request or answer is logged', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
    const key = 'pk_live_7Hq2aaaaBBBBccccDDDDeeeeFFFFgggg';
    const signingSecret = 'sk_0123456789abcdefghijABCDEFGHIJ0123456789';
    const headers = { authorization: `Bearer ${key}`, 'x-service-signature': 't=1, v1=ab' };
    log.info({ headers, req: { headers } }, 'request');
    log.info({ response: { key, signingSecret } }, 'minted');
    log.info({ key, signingSecret, body: JSON.stringify({ key, signingSecret }) }, 'answer');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(key.slice(8));
      expect(line).not.toContain(signingSecret.slice(3));
    }
  });
});
