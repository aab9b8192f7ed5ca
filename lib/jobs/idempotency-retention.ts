import { purgeExpiredIdempotencyRecords } from '../integration/idempotency';
import { defineJob } from './job';

/**
 * Idempotency records live 24 h. A write already replaces an expired record of its own key, so this job only
 * keeps the table small: once an hour it deletes every record past its expiry.
 */
export const idempotencyRetention = defineJob({
  name: 'idempotency-retention',
  cron: '0 * * * *',
  queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  async handler(_data, { log, jobId }) {
    const purged = await purgeExpiredIdempotencyRecords();
    log.info({ job: 'idempotency-retention', jobId, purged }, 'expired idempotency records purged');
    return { purged };
  },
});
