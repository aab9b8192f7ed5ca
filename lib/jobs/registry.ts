import { emailDelivery } from '../email/job';
import { webhookDeliveries } from '../webhooks/delivery/job';
import { idempotencyRetention } from './idempotency-retention';
import type { JobDefinition } from './job';

/** Every background job of the service, one entry each; the runner creates, schedules and works them all. */
export const JOBS: readonly JobDefinition<any>[] = [idempotencyRetention, webhookDeliveries, emailDelivery];
