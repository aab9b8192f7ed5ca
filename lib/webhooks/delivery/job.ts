import { defineJob } from '../../jobs/job';
import { passSession, type SessionOptions } from '../../jobs/pass-session';
import { type PassSummary, runDeliveryPass } from './pass';

/** One delivery session (see lib/jobs/pass-session.ts): passes every 2 s for 50 s. */
export const deliverySession = (options: SessionOptions<PassSummary> = {}) =>
  passSession(
    { pass: () => runDeliveryPass(), empty: { fannedOut: 0, attempted: 0, succeeded: 0, disabled: 0 } },
    options,
  );

/**
 * The webhook worker: cron starts a job every minute and each job runs a delivery session. The `stately` queue
 * policy keeps at most one session running and one waiting.
 */
export const webhookDeliveries = defineJob<Record<string, never>>({
  name: 'webhook-deliveries',
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  async handler(_data, { log, jobId }) {
    const output = await deliverySession({ log });
    if (output.attempted > 0 || output.disabled > 0)
      log.info({ job: 'webhook-deliveries', jobId, ...output }, 'webhook delivery session');
    return output;
  },
});
