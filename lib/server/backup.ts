import { runBackupPass } from '../backup/pass';
import type { RefusalRenderer } from '../backup/passport-files';
import { renderPublicError } from '../http/errors';
import { sessionJob } from '../jobs/session-job';

/** A refusal's body exactly as the public routes render it (the request id travels in a header, not the body). */
export const renderBackupRefusal: RefusalRenderer = async (error) => {
  const response = renderPublicError(error, { requestId: 'backup' });
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('Content-Type') ?? 'application/json',
  };
};

/** The back-up worker: a change reaches BACKUP_TARGET within seconds; without BACKUP_TARGET the pass does nothing. */
export const backupJob = sessionJob({
  name: 'backup',
  pass: () => runBackupPass({ renderRefusal: renderBackupRefusal }),
  empty: { replicated: 0, failed: 0, filesWritten: 0 },
  busy: (output) => output.replicated + output.failed > 0,
});
