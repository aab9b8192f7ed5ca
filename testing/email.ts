// Test kit of the email worker: a stand-in for the Resend API on loopback, so no test ever reaches the network.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from './loopback';

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the fake answers: accept, fail as a server error would, or refuse the mail for good. */
export type FakeMode = 'accept' | 'fail' | 'refuse';

export class FakeResend extends LoopbackServer {
  readonly calls: ReceivedCall[] = [];
  mode: FakeMode = 'accept';
  /** Milliseconds to wait before answering, to hold a request open while another worker runs. */
  delayMs = 0;

  get url(): string {
    return this.origin;
  }

  protected handle(req: IncomingMessage, raw: string, res: ServerResponse): void {
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
  }
}
