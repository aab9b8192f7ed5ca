import { runBackupPass } from '../backup/pass';
import type { RefusalRenderer } from '../backup/passport-files';
import { configuredBackupTarget } from '../backup/target';
import { renderPublicError } from '../http/errors';
import { defineJob } from '../jobs/job';
import { passSession } from '../jobs/pass-session';

export const BACKUP_JOB = 'backup';

/** A refusal's body exactly as the public routes render it (the request id travels in a header, not the body). */
export const renderBackupRefusal: RefusalRenderer = async (error) => {
  const response = renderPublicError(error, { requestId: 'backup' });
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('Content-Type') ?? 'application/json',
  };
};

/**
 * The back-up worker: cron starts a job every minute and each job runs a session of passes 2 s apart (as the
 * registry's does), so a change reaches BACKUP_TARGET within seconds and a retry leaves when it is due. Without
 * BACKUP_TARGET the pass does nothing. `stately` keeps at most one session running and one waiting.
 */
export const backupJob = defineJob<Record<string, never>>({
  name: BACKUP_JOB,
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  async handler(_data, { log, jobId }) {
    const target = configuredBackupTarget();
    if (!target) return { replicated: 0, failed: 0, filesWritten: 0 };
    const output = await passSession(
      {
        pass: () => runBackupPass({ target, renderRefusal: renderBackupRefusal }),
        empty: { replicated: 0, failed: 0, filesWritten: 0 },
      },
      { log },
    );
    if (output.replicated + output.failed > 0) log.info({ job: BACKUP_JOB, jobId, ...output }, 'backup session');
    return output;
  },
});
