import { defineJob, type JobDefinition } from './job';
import { passSession } from './pass-session';

/**
 * An outbox worker's job: cron starts one every minute, and at launch, and each runs a session of passes 2 s apart
 * (lib/jobs/pass-session.ts), so new work leaves within seconds and a retry leaves when it is due. The `stately`
 * policy keeps at most one session running and one waiting. A session that did something is logged with its sums.
 */
export function sessionJob<S extends Record<string, number>>(job: {
  name: string;
  pass: () => Promise<S>;
  empty: S;
  /** Whether a session's sums are worth a log line. */
  busy: (output: S) => boolean;
}): JobDefinition<Record<string, never>> {
  return defineJob<Record<string, never>>({
    name: job.name,
    cron: '* * * * *',
    startAtLaunch: true,
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
    async handler(_data, { log, jobId }) {
      const output = await passSession({ pass: job.pass, empty: job.empty }, { log });
      if (job.busy(output)) log.info({ job: job.name, jobId, ...output }, `${job.name} session`);
      return output;
    },
  });
}
