// The address a test client speaks from. The suites run the server behind one trusted proxy hop
// (TRUSTED_PROXY_HOPS=1), so X-Forwarded-For is the client's address and keys its rate-limit buckets: two clients
// that share an address share a budget.
import { randomInt } from 'node:crypto';

/** The benchmarking range 198.18.0.0/15, as a count of addresses. */
const RANGE = 1 << 17;
const first = randomInt(0, RANGE);
let issued = 0;

/**
 * An address no earlier call of this process handed out: consecutive addresses of 198.18.0.0/15 from a random
 * starting point, so one process never repeats itself and two processes (Playwright's workers) rarely meet.
 */
export function clientAddress(): string {
  if (issued >= RANGE) throw new Error('clientAddress: the 198.18.0.0/15 range is used up');
  const n = (first + issued) % RANGE;
  issued += 1;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
