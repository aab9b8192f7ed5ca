import { defineJob } from '../jobs/job';
import { passSession } from '../jobs/pass-session';
import { runRegistryPass } from './pass';

export const REGISTRY_JOB = 'registry';

/**
 * The registry worker: cron starts a job every minute and each job runs a session of passes 2 s apart (as the
 * webhook worker does), so a publication is registered within seconds and a retry leaves when it is due. The
 * `stately` policy keeps at most one session running and one waiting per instance set.
 */
export const registryJob = defineJob<Record<string, never>>({
  name: REGISTRY_JOB,
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  async handler(_data, { log, jobId }) {
    const output = await passSession(
      { pass: () => runRegistryPass(), empty: { attempted: 0, registered: 0, failed: 0 } },
      { log },
    );
    if (output.attempted > 0) log.info({ job: REGISTRY_JOB, jobId, ...output }, 'registry session');
    return output;
  },
});
