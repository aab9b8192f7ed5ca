import { z } from 'zod';
import { HISTORY_KEYS } from '../../../bms/history';
import { defineEndpoint } from '../../endpoint';
import { PageQuery, page, Timestamp } from '../common';

const TelemetryEntrySchema = z
  .object({
    reportedAt: Timestamp.describe("The report's signed time (its X-Service-Signature timestamp)."),
    values: z
      .record(z.string(), z.unknown())
      .describe(
        'The whitelisted form-data values the report applied and the lifetime counters it named (null: not yet ' +
          'measured); with `key`, that key alone.',
      )
      .meta({ example: { current_soh_pct: 94.2, current_cycle_count: 412, totalEnergyThroughputKwh: 15800 } }),
  })
  .meta({ id: 'TelemetryEntry' });

export const TelemetryQuery = PageQuery.extend({
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only reports signed at or after this instant.')
    .meta({ example: '2026-01-01T00:00:00Z' }),
  to: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only reports signed before this instant (must be later than `from`).')
    .meta({ example: '2026-12-01T00:00:00Z' }),
  key: z
    .enum(HISTORY_KEYS)
    .optional()
    .describe('Only reports naming this key (a whitelisted form-data key or a lifetime counter), each with it alone.')
    .meta({ example: 'current_soh_pct' }),
});

export const telemetryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/telemetry',
  operationId: 'listTelemetry',
  tag: 'Products',
  scope: 'dpp:read',
  summary: 'History of dynamic data',
  description:
    "The product's stored BMS reports, oldest first (Annex XIII point 4 of Regulation (EU) 2023/1542: state of " +
    "health, use and operating conditions over time): each applied report's accepted values and counters at its " +
    'signed time. Filter by time (`from`, `to`) and by `key`; page with `cursor`. Reports older than the ' +
    "service's telemetry retention are purged.",
  query: TelemetryQuery,
  response: { status: 200, description: 'One page of stored reports.', schema: page(TelemetryEntrySchema) },
});
