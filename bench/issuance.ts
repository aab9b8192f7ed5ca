// Scenario 8, issuance at production volume: item rows of one model imported through the Integration API (a signed
// CSV upload worked by the server's own import job), submitted, and published as one batch; then a larger import
// during which public reads (scenario 1's requests) are measured, and the server's peak RSS is sampled throughout.

import type { Measured } from '../lib/bench/targets';
import type { createIntegrationClient } from '../lib/client';
import type { MappingColumn } from '../lib/erp/types';
import { withCheckDigit } from '../lib/gs1/gtin';
import { sampleRss } from './app-server';

/** The columns of the item export: one battery a row, its serial and per-unit fields, German number and date formats. */
export const ITEM_HEADER = [
  'Seriennummer',
  'Herstellort',
  'Herstellland',
  'Herstelldatum',
  'Masse (kg)',
  'Zustand',
] as const;

export const ITEM_MAPPING: MappingColumn[] = [
  { column: 'Seriennummer', fieldId: 'serialNumber' },
  { column: 'Herstellort', fieldId: 'manufacturing_place' },
  { column: 'Herstellland', fieldId: 'manufacturing_country' },
  { column: 'Herstelldatum', fieldId: 'manufacturing_date', transform: { type: 'date', format: 'DD.MM.YYYY' } },
  {
    column: 'Masse (kg)',
    fieldId: 'battery_mass_kg',
    transform: { type: 'number', decimalSeparator: ',', thousandsSeparator: '.' },
  },
  { column: 'Zustand', fieldId: 'battery_status', transform: { type: 'enum', map: { Neu: 'original' } } },
];

/** `count` item rows as a `;`-separated CSV, serials `<prefix>-000001`…; built as one buffer (the client's side). */
export function itemCsv(count: number, prefix: string): Buffer {
  const lines = [ITEM_HEADER.join(';')];
  for (let i = 1; i <= count; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `${prefix}-${String(i).padStart(6, '0')};Werk Salzgitter;DE;${day}.11.2026;1.${String(i % 1000).padStart(3, '0')},5;Neu`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

export const benchModelGtin = (n: number) => withCheckDigit(`0410000${String(n).padStart(6, '0')}`);

type Client = ReturnType<typeof createIntegrationClient>;

export interface IssuanceTimes {
  rows: number;
  importSeconds: number;
  created: number;
  failed: number;
  submitSeconds: number;
  submitted: number;
}

/** Uploads `count` rows against the model, waits for the import job, then for the submission of its drafts. */
export async function importAndSubmit(
  client: Client,
  input: { mappingId: string; modelId: string; count: number; prefix: string },
): Promise<IssuanceTimes & { importId: string }> {
  const file = itemCsv(input.count, input.prefix);
  const started = Date.now();
  const queued = await client.createImport({
    file,
    fileName: `${input.prefix}.csv`,
    mappingId: input.mappingId,
    modelId: input.modelId,
  });
  const done = await client.waitForImport(queued.id, { intervalMs: 250, timeoutMs: 3_600_000 });
  const importSeconds = (Date.now() - started) / 1000;
  if (done.status !== 'completed') throw new Error(`The bench import ended ${done.status}`);
  const submitFrom = Date.now();
  let view = await client.submitImport(done.id);
  while (!view.submission?.finishedAt) {
    await new Promise((r) => setTimeout(r, 250));
    view = await client.getImport(done.id);
  }
  return {
    importId: done.id,
    rows: input.count,
    importSeconds,
    created: done.created,
    failed: done.failed,
    submitSeconds: (Date.now() - submitFrom) / 1000,
    submitted: view.submission.submitted,
  };
}

/**
 * A figure measured in the harness rather than over HTTP, as a table row: "req/s" holds rows (or passports) per
 * second; scenario 8 unless `extra` says otherwise, with latencies where the caller timed each one.
 */
export function throughputRow(
  id: string,
  label: string,
  count: number,
  seconds: number,
  notes: string[],
  extra: { scenario?: number; p50Ms?: number; p99Ms?: number } = {},
): Measured {
  return {
    id,
    scenario: extra.scenario ?? 8,
    label,
    requestsPerSecond: count / seconds,
    p50Ms: extra.p50Ms ?? 0,
    p99Ms: extra.p99Ms ?? 0,
    requests: count,
    non2xx: 0,
    errors: 0,
    peakRssMb: null,
    serverCpuMsPerRequest: null,
    databaseCpuMsPerRequest: null,
    scansPerRequest: null,
    queriesPerRequest: null,
    notes,
  };
}

/** Starts sampling the server's RSS; the returned function stops and gives the peak in MB. */
export const rssSampler = (pid: number) => sampleRss(pid);
