import { expireHandovers } from '../passport/handover/handover';
import { defineJob } from './job';

/**
 * Handover offers expire 30 days after they were made (docs/decisions.md, "Handover between operators"). Readers
 * already see an offer past its expiry as expired; this hourly sweep records it (status, both sides' audit rows,
 * webhook events and mails). Each offer is claimed with SKIP LOCKED and changed only while still offered, so a
 * retried, resumed or doubled run expires each offer once.
 */
export const handoverExpiryJob = defineJob({
  name: 'handover-expiry',
  cron: '7 * * * *',
  queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  async handler(_data, { log, jobId }) {
    const expired = await expireHandovers();
    log.info({ job: 'handover-expiry', jobId, expired }, 'expired handover offers recorded');
    return { expired };
  },
});
