import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '../../schema/categories';
import { parseBmsBody } from '../body';
import { sortPatch } from '../whitelist';
import { parseSimulatorArgs, UsageError } from './args';
import { formatSummary, percentile, summarise } from './stats';
import { advance, type BatteryState, newBattery, seededRandom, telemetryBody } from './telemetry';

function history(steps: number, seed = 7): BatteryState[] {
  const random = seededRandom(seed);
  const states = [newBattery('p', random)];
  for (let i = 0; i < steps; i++) states.push(advance(states.at(-1)!, random));
  return states;
}

describe('the telemetry generator', () => {
  it('is monotonic: counters only grow and state of health only falls, with cycles', () => {
    const bodies = history(500).map((s, i) => telemetryBody(s, new Date(1_763_893_800_000 + i * 1000)));
    for (let i = 1; i < bodies.length; i++) {
      const [a, b] = [bodies[i - 1]!, bodies[i]!];
      expect(b.formDataPatch.current_soh_pct).toBeLessThanOrEqual(a.formDataPatch.current_soh_pct);
      expect(b.formDataPatch.current_cycle_count).toBeGreaterThanOrEqual(a.formDataPatch.current_cycle_count);
      for (const [name, value] of Object.entries(b.lifetimeCounters))
        expect(value, name).toBeGreaterThanOrEqual(a.lifetimeCounters[name as keyof typeof a.lifetimeCounters]);
      expect(b.lifetimeCounters.totalEnergyThroughputKwh).toBeGreaterThan(a.lifetimeCounters.totalEnergyThroughputKwh);
    }
    const last = bodies.at(-1)!;
    expect(last.formDataPatch.current_soh_pct).toBeLessThan(95);
    expect(last.formDataPatch.current_cycle_count).toBeGreaterThan(250);
    expect(last.lifetimeCounters.timeAtTempExtremeHighSec).toBeGreaterThan(0);
  });

  it('repeats exactly for a seed', () => {
    expect(history(20, 42)).toEqual(history(20, 42));
    expect(history(20, 42)).not.toEqual(history(20, 43));
  });

  it('sends bodies the endpoint accepts whole: every key applied, counters valid', () => {
    const body = telemetryBody(history(50).at(-1)!, new Date());
    const parsed = parseBmsBody(new TextEncoder().encode(JSON.stringify(body)));
    for (const category of ['EV_BATTERY', 'PORTABLE_BATTERY'] as const) {
      expect(sortPatch(getCategorySchema(category)!, parsed.formDataPatch!).rejectedKeys).toEqual([]);
    }
    expect(Object.keys(parsed.formDataPatch!)).toHaveLength(22);
  });
});

describe('percentile and the summary', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect([
      percentile(values, 50),
      percentile(values, 95),
      percentile(values, 99),
      percentile(values, 100),
      percentile(values, 0),
    ]).toEqual([50, 95, 99, 100, 1]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('counts sent, accepted and rejected by code', () => {
    const summary = summarise([
      { status: 200, code: null, latencyMs: 10 },
      { status: 200, code: null, latencyMs: 20 },
      { status: 429, code: 'RATE_LIMITED', latencyMs: 2 },
      { status: 0, code: 'NETWORK', latencyMs: 1 },
      { status: 502, code: null, latencyMs: 3 },
    ]);
    expect(summary).toEqual({
      sent: 5,
      accepted: 2,
      rejected: { RATE_LIMITED: 1, NETWORK: 1, HTTP_502: 1 },
      latencyMs: { p50: 3, p95: 20, p99: 20 },
    });
    expect(formatSummary(summary)).toBe(
      'sent 5, accepted 2, rejected 3 (RATE_LIMITED 1, NETWORK 1, HTTP_502 1)\nlatency p50 3 ms, p95 20 ms, p99 20 ms',
    );
  });
});

describe('parseSimulatorArgs', () => {
  it('reads the flags with defaults', () => {
    expect(parseSimulatorArgs(['--secret', 'bms_x', '--products', 'a, b,,c'], () => 9)).toEqual({
      url: 'http://localhost:3000',
      secret: 'bms_x',
      products: ['a', 'b', 'c'],
      rate: 5,
      duration: 10,
      seed: 9,
      json: false,
    });
    expect(
      parseSimulatorArgs([
        '--url',
        'http://127.0.0.1:3100/',
        '--secret',
        's',
        '--products',
        'a',
        '--rate',
        '2.5',
        '--duration',
        '3',
        '--seed',
        '4',
        '--json',
      ]),
    ).toMatchObject({
      url: 'http://127.0.0.1:3100',
      rate: 2.5,
      duration: 3,
      seed: 4,
      json: true,
    });
  });

  it('refuses missing or malformed flags with a usage error', () => {
    for (const argv of [
      ['--products', 'a'],
      ['--secret', 's'],
      ['--secret', 's', '--products', 'a', '--rate', '0'],
      ['--secret', 's', '--products', 'a', '--duration', 'x'],
      ['--secret', 's', '--products', 'a', '--url', 'ftp://x'],
      ['--secret', 's', '--products', 'a', '--bogus'],
    ]) {
      expect(() => parseSimulatorArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
