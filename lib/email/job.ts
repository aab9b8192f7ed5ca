import { defineJob } from '../jobs/job';
import { passSession, type SessionOptions } from '../jobs/pass-session';
import { type EmailPassSummary, runEmailPass } from './delivery-pass';

/** One email session (see lib/jobs/pass-session.ts): passes every 2 s for 50 s, so a mail leaves within seconds. */
export const emailSession = (options: SessionOptions<EmailPassSummary> = {}) =>
  passSession({ pass: () => runEmailPass(), empty: { held: 0, attempted: 0, sent: 0, failed: 0 } }, options);

/** The email worker: sends the outbox through Resend, or holds it for the dev mailbox when no key is set. */
export const emailDelivery = defineJob<Record<string, never>>({
  name: 'email-delivery',
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  async handler(_data, { log, jobId }) {
    const output = await emailSession({ log });
    if (output.attempted > 0 || output.failed > 0)
      log.info({ job: 'email-delivery', jobId, ...output }, 'email delivery session');
    return output;
  },
});
