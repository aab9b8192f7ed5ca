// A webhook receiver for the suites, as an integrator would run one: the tests' receiver (testing/webhooks.ts) on
// loopback, verifying every delivery's Standard Webhooks signature and logging the verified message ids. It can be
// down (its port closed) and come up on the same port later, like a receiver being redeployed.
import { freePort } from '../../lib/db/embedded';
import { TestReceiver, verifies } from '../../testing/webhooks';

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
  const server = new TestReceiver(await freePort());
  let secret: string | null = null;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${server.port}/hooks/battery-passports`,
    port: server.port,
    verified: [],
    rejected: 0,
    isUp: () => server.listening,
    setSecret(s) {
      secret = s;
    },
    async up(s) {
      if (s) secret = s;
      await server.start();
    },
    down: () => server.stop(),
  };
  server.respond = (delivery) => {
    if (secret === null || !verifies(delivery, secret)) {
      receiver.rejected += 1;
      return 400;
    }
    receiver.verified.push({
      id: String(delivery.headers['webhook-id']),
      type: delivery.payload.type,
      data: delivery.payload.data,
      receivedAt: Date.now(),
    });
    return 204;
  };
  return receiver;
}

/** How many times each id was delivered, for the ids seen more than once. */
export function duplicates(deliveries: VerifiedDelivery[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of deliveries) counts.set(d.id, (counts.get(d.id) ?? 0) + 1);
  return new Map([...counts].filter(([, n]) => n > 1));
}
