import { describe, expect, it } from 'vitest';
import { parseBenchArgs, runsScenario } from './args';

describe('bench arguments', () => {
  it('defaults to a full run of every scenario with a build', () => {
    const args = parseBenchArgs([]);
    expect(args).toEqual({ quick: false, build: true, scenarios: [], proxy: false });
    expect(runsScenario(args, 11)).toBe(false);
    expect(runsScenario(args, 7)).toBe(true);
  });

  it('reads --quick, --no-build and a scenario list in either spelling', () => {
    expect(parseBenchArgs(['--quick', '--no-build', '--scenarios', '1,4'])).toEqual({
      quick: true,
      build: false,
      scenarios: [1, 4],
      proxy: false,
    });
    const args = parseBenchArgs(['--scenarios=2']);
    expect(runsScenario(args, 2)).toBe(true);
    expect(runsScenario(args, 1)).toBe(false);
  });

  it('refuses an unknown scenario or argument instead of silently measuring something else', () => {
    expect(parseBenchArgs(['--scenarios', '10']).scenarios).toEqual([10]);
    expect(() => parseBenchArgs(['--scenarios', '12'])).toThrow(/Unknown scenario/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown argument/);
  });

  it('--proxy runs the scan storm alone, or beside a list; --scenarios 11 is the same', () => {
    const alone = parseBenchArgs(['--proxy']);
    expect(alone).toMatchObject({ proxy: true, scenarios: [11] });
    expect(runsScenario(alone, 11)).toBe(true);
    expect(runsScenario(alone, 1)).toBe(false);
    expect(parseBenchArgs(['--proxy', '--scenarios', '2'])).toMatchObject({ proxy: true, scenarios: [2, 11] });
    expect(parseBenchArgs(['--scenarios', '11'])).toMatchObject({ proxy: true, scenarios: [11] });
  });
});
