import { purgeExpiredBmsSignatures } from '../bms/replays';
import { purgeExpiredIdempotencyRecords } from '../integration/idempotency';
import { purgeExpiredSignatures } from '../integration/replays';
import { defineJob } from './job';

/**
 * Idempotency records live 24 h. A write already replaces an expired record of its own key, so this job only
 * keeps the table small: once an hour it deletes every record past its expiry, and the remembered signatures
 * (Integration API and BMS, lib/integration/replays.ts, lib/bms/replays.ts) past their window, so those tables hold
 * at most about an hour of signed writes (bounded by the per-key and per-secret rate limits).
 */
export const idempotencyRetention = defineJob({
  name: 'idempotency-retention',
  cron: '0 * * * *',
  queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  async handler(_data, { log, jobId }) {
    const signatures = (await purgeExpiredSignatures()) + (await purgeExpiredBmsSignatures());
    const purged = await purgeExpiredIdempotencyRecords();
    log.info({ job: 'idempotency-retention', jobId, purged, signatures }, 'expired idempotency records purged');
    return { purged, signatures };
  },
});
