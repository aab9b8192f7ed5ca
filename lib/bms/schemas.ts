import { z } from 'zod';
import { BMS_DYNAMIC_FIELD_IDS } from '../schema/fields/dynamic';

// The BMS update resource, described once: the endpoint parses bodies with these and the BMS OpenAPI document is
// generated from them.

export const BMS_UPDATE_PATH = '/api/v1/products/{id}/bms-update';

/** The seven lifetime counters: body member, database column and unit. */
export const LIFETIME_COUNTERS = [
  {
    name: 'timeAtTempExtremeLowSec',
    unit: 'seconds',
    description: 'Time spent below the idle temperature range.',
    example: 3600,
  },
  { name: 'timeAtTempLowSec', unit: 'seconds', description: 'Time spent at low temperature.', example: 864000 },
  { name: 'timeAtTempHighSec', unit: 'seconds', description: 'Time spent at high temperature.', example: 1296000 },
  {
    name: 'timeAtTempExtremeHighSec',
    unit: 'seconds',
    description: 'Time spent above the idle temperature range.',
    example: 1800,
  },
  {
    name: 'totalEnergyThroughputKwh',
    unit: 'kWh',
    description: "Energy throughput over the battery's life.",
    example: 15800,
  },
  {
    name: 'totalEnergyThroughputAh',
    unit: 'Ah',
    description: "Capacity throughput over the battery's life.",
    example: 39500,
  },
  { name: 'deepDischargeEvents', unit: 'count', description: 'Deep discharge events (a whole number).', example: 0 },
] as const;
export type LifetimeCounterName = (typeof LIFETIME_COUNTERS)[number]['name'];
export const LIFETIME_COUNTER_NAMES = LIFETIME_COUNTERS.map((c) => c.name) as LifetimeCounterName[];

/** A counter value: a non-negative number, or null for "not yet measured"; an omitted member keeps its value. */
function counter(c: (typeof LIFETIME_COUNTERS)[number]) {
  const base = c.name === 'deepDischargeEvents' ? z.number().int().min(0) : z.number().min(0);
  return base
    .nullable()
    .optional()
    .describe(`${c.description} Unit: ${c.unit}. null = not yet measured; omitted = kept.`)
    .meta({ example: c.example });
}

export const LifetimeCountersPatch = z
  .strictObject(
    Object.fromEntries(LIFETIME_COUNTERS.map((c) => [c.name, counter(c)])) as Record<
      LifetimeCounterName,
      ReturnType<typeof counter>
    >,
  )
  .describe('Any of the seven lifetime counters; unknown members are refused with BAD_BODY.')
  .meta({ id: 'LifetimeCounters' });

export const FormDataPatch = z
  .record(z.string(), z.unknown())
  .describe(
    `Dynamic form fields by field id. Only these ${BMS_DYNAMIC_FIELD_IDS.length} keys are applied: ${BMS_DYNAMIC_FIELD_IDS.join(', ')}. ` +
      'Any other key, a null value, or a value its field schema refuses is dropped and listed in `rejectedKeys`.',
  )
  .meta({
    id: 'FormDataPatch',
    example: { current_soh_pct: 96.5, soh_last_updated: '2026-11-20T08:15:00Z', current_cycle_count: 212 },
  });

export const BmsUpdateBody = z
  .strictObject({ formDataPatch: FormDataPatch.optional(), lifetimeCounters: LifetimeCountersPatch.optional() })
  .describe('At least one of the two members must be present. Other members are refused with BAD_BODY.')
  .meta({ id: 'BmsUpdate' });
export type BmsUpdate = z.output<typeof BmsUpdateBody>;

export const BmsUpdateResult = z
  .object({
    ok: z.literal(true),
    productId: z.uuid().describe('The product updated.'),
    appliedKeys: z
      .array(z.string())
      .describe('formDataPatch keys written to the product, in body order.')
      .meta({ example: ['current_soh_pct', 'current_cycle_count'] }),
    rejectedKeys: z
      .array(z.string())
      .describe('formDataPatch keys dropped: outside the whitelist, null, or refused by their field schema.')
      .meta({ example: ['serial_number'] }),
    counterUpdated: z
      .boolean()
      .describe('True when `lifetimeCounters` carried at least one counter, all of which were stored.'),
    superseded: z
      .literal(true)
      .optional()
      .describe(
        'Present (true) when the report is older (by its signature timestamp) than the newest report already applied to the product: nothing of it was written (`appliedKeys` empty, `counterUpdated` false); the newer values stay. Do not resend it.',
      ),
  })
  .meta({
    id: 'BmsUpdateResult',
    example: {
      ok: true,
      productId: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f',
      appliedKeys: ['current_soh_pct'],
      rejectedKeys: [],
      counterUpdated: true,
    },
  });

export const BmsErrorBody = z
  .object({
    code: z.string().describe('Branch on this, never on `error`.'),
    error: z.string().describe('Human-readable explanation.'),
    reason: z
      .enum(['missing', 'malformed', 'outside_window', 'mismatch', 'replayed'])
      .optional()
      .describe('Only on BAD_SIGNATURE: why the signature was refused.'),
  })
  .meta({ id: 'BmsError' });
