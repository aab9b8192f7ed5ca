// Test kit of the email worker: a stand-in for the Resend API on loopback, so no test ever reaches the network.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the fake answers: accept, fail as a server error would, or refuse the mail for good. */
export type FakeMode = 'accept' | 'fail' | 'refuse';

export class FakeResend {
  readonly calls: ReceivedCall[] = [];
  mode: FakeMode = 'accept';
  /** Milliseconds to wait before answering, to hold a request open while another worker runs. */
  delayMs = 0;
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.calls.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: raw ? JSON.parse(raw) : {},
        });
        const n = this.calls.length;
        const [status, body] =
          this.mode === 'accept'
            ? [200, { id: `re_fake_${n}` }]
            : this.mode === 'fail'
              ? [500, { statusCode: 500, name: 'internal_server_error', message: 'The fake provider is down.' }]
              : [422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' }];
        setTimeout(() => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
