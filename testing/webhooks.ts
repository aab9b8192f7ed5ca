import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { LoopbackServer } from './loopback';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A real webhook receiver on loopback for tests: it records every POST and answers `status` (200 by default), or
 * what `respond` says. `verifies(r, secret)` checks a delivery with the standardwebhooks package, as an integrator's
 * receiver would. Stopped, it can start again on the same port (a receiver being redeployed).
 */
export class TestReceiver extends LoopbackServer {
  readonly received: Received[] = [];
  status = 200;
  /** The status a delivery is answered with. */
  respond: (delivery: Received) => number = () => this.status;

  get url() {
    return `${this.origin}/hook`;
  }

  protected handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const delivery: Received = { headers: req.headers, body, payload: JSON.parse(body) };
    this.received.push(delivery);
    const status = this.respond(delivery);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(`received by test receiver (${status})`);
  }
}

/** True when the delivery's headers carry a valid signature of its body under `secret` (timestamp within 5 min). */
export function verifies(received: Received, secret: string): boolean {
  const headers = {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
  try {
    new Webhook(secret).verify(received.body, headers);
    return true;
  } catch {
    return false;
  }
}
