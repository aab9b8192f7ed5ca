// A webhook receiver for the suites, as an integrator would run one: node:http on loopback that verifies every
// delivery's Standard Webhooks signature with the `standardwebhooks` package and logs the verified message ids.
// It can be down (its port closed) and come up on the same port later, like a receiver being redeployed.
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../../lib/db/embedded';

export interface VerifiedDelivery {
  /** `webhook-id`: the event id, the same on every attempt (receivers dedupe on it). */
  id: string;
  type: string;
  data: Record<string, unknown>;
  receivedAt: number;
}

export interface WebhookReceiver {
  /** Where the service is told to deliver (http on loopback: the service needs WEBHOOKS_ALLOW_PRIVATE=1). */
  url: string;
  port: number;
  /** Every delivery that verified, in arrival order (an id appearing twice is a duplicate delivery). */
  verified: VerifiedDelivery[];
  /** Deliveries whose signature did not verify (answered 400). */
  rejected: number;
  isUp(): boolean;
  /** Starts listening; the endpoint's secret (whsec_…) may be given now or before. */
  up(secret?: string): Promise<void>;
  setSecret(secret: string): void;
  /** Closes the port and every open connection: later attempts are refused. */
  down(): Promise<void>;
}

/** A receiver with its port chosen now and closed until `up()`. */
export async function webhookReceiver(): Promise<WebhookReceiver> {
  const port = await freePort();
  let server: Server | null = null;
  let verifier: Webhook | null = null;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks/battery-passports`,
    port,
    verified: [],
    rejected: 0,
    isUp: () => server !== null,
    setSecret(secret) {
      verifier = new Webhook(secret);
    },
    async up(secret) {
      if (secret) receiver.setSecret(secret);
      if (server) return;
      const s = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const headers = {
            'webhook-id': String(req.headers['webhook-id']),
            'webhook-timestamp': String(req.headers['webhook-timestamp']),
            'webhook-signature': String(req.headers['webhook-signature']),
          };
          try {
            if (!verifier) throw new Error('no secret yet');
            const payload = verifier.verify(body, headers) as {
              id: string;
              type: string;
              data: Record<string, unknown>;
            };
            receiver.verified.push({
              id: headers['webhook-id'],
              type: payload.type,
              data: payload.data,
              receivedAt: Date.now(),
            });
            res.writeHead(204).end();
          } catch {
            receiver.rejected += 1;
            res.writeHead(400, { 'content-type': 'text/plain' }).end('signature not verified');
          }
        });
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async down() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return receiver;
}

/** How many times each id was delivered, for the ids seen more than once. */
export function duplicates(deliveries: VerifiedDelivery[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of deliveries) counts.set(d.id, (counts.get(d.id) ?? 0) + 1);
  return new Map([...counts].filter(([, n]) => n > 1));
}
