import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendSender } from './sender';

// A Resend stand-in on loopback that takes the request and never answers.
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('the Resend sender', () => {
  it('gives up on a provider that never answers after its timeout: a retryable failure, not a hung pass', async () => {
    const sender = await resendSender({ apiKey: 're_test_key', from: 'p@acme.example', baseUrl: url, timeoutMs: 300 });
    const started = Date.now();
    const result = await sender.send({
      id: 'c0ffee00-0000-4000-8000-000000000001',
      to: 'a@b.example',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
