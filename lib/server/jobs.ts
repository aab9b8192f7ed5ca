import { batchRunsJob } from '../batch-runs/job';
import { credentialsBackfillJob } from '../credentials/backfill';
import { emailDelivery } from '../email/job';
import { importsJob } from '../imports/job';
import { endOfLifeJob } from '../jobs/end-of-life';
import { handoverExpiryJob } from '../jobs/handover-expiry';
import { idempotencyRetention } from '../jobs/idempotency-retention';
import type { AnyJob } from '../jobs/job';
import { registryJob } from '../registry/job';
import { webhookDeliveries } from '../webhooks/delivery/job';
import { backupJob } from './backup';

/** Every background job of the service, one entry each; the runner creates, schedules and works them all. */
export const JOBS: readonly AnyJob[] = [
  idempotencyRetention,
  webhookDeliveries,
  emailDelivery,
  importsJob,
  batchRunsJob,
  credentialsBackfillJob,
  registryJob,
  backupJob,
  endOfLifeJob,
  handoverExpiryJob,
];
