import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A real webhook receiver on loopback for tests: it records every POST and answers `status` (200 by default).
 * `verifies(r, secret)` checks a delivery with the standardwebhooks package, as an integrator's receiver would.
 */
export class TestReceiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server | null = null;

  constructor(public port = 0) {}

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: req.headers, body, payload: JSON.parse(body) });
        res.writeHead(this.status, { 'content-type': 'text/plain' }).end(`received by test receiver (${this.status})`);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
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

/** A loopback port with nothing listening on it (a receiver that is down), to start a receiver on later. */
export async function closedPort(): Promise<number> {
  const probe = await new TestReceiver().start();
  const { port } = probe;
  await probe.stop();
  return port;
}
