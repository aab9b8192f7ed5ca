import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from './log';

function capture() {
  const lines: string[] = [];
  const log = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
  return { log, last: () => JSON.parse(lines.at(-1) as string) };
}

describe('logger', () => {
  it('writes JSON lines with the request id of a child logger', () => {
    const { log, last } = capture();
    log.child({ requestId: 'r-1' }).info({ path: '/api/dpp/x' }, 'served');
    expect(last()).toMatchObject({ level: 30, requestId: 'r-1', path: '/api/dpp/x', msg: 'served' });
  });

  it('redacts credentials in header bags, wherever they sit', () => {
    const { log, last } = capture();
    const headers = {
      authorization: 'Bearer pk_live_abc',
      cookie: 'session=1',
      'x-service-bms-secret': 'bms_plain',
      'x-service-signature': 't=1, v1=ab',
      'user-agent': 'curl',
    };
    log.info({ headers, req: { headers } }, 'request');
    const line = last();
    for (const bag of [line.headers, line.req.headers]) {
      expect(bag).toEqual({
        authorization: REDACTED,
        cookie: REDACTED,
        'x-service-bms-secret': REDACTED,
        'x-service-signature': REDACTED,
        'user-agent': 'curl',
      });
    }
  });

  it('redacts secrets, tokens, passwords, keys and bodies at the top level and one level down', () => {
    const { log, last } = capture();
    log.info(
      {
        password: 'p',
        token: 't',
        body: '{"formData":{}}',
        ctx: { secret: 's', apiKey: 'k', rawBody: 'raw', keep: 1 },
      },
      'event',
    );
    expect(last()).toMatchObject({
      password: REDACTED,
      token: REDACTED,
      body: REDACTED,
      ctx: { secret: REDACTED, apiKey: REDACTED, rawBody: REDACTED, keep: 1 },
    });
  });
});
