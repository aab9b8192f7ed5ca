import { describe, expect, it } from 'vitest';
import { parseBenchArgs, runsScenario } from './args';

describe('bench arguments', () => {
  it('defaults to a full run of every scenario with a build', () => {
    const args = parseBenchArgs([]);
    expect(args).toEqual({ quick: false, build: true, scenarios: [] });
    expect(runsScenario(args, 7)).toBe(true);
  });

  it('reads --quick, --no-build and a scenario list in either spelling', () => {
    expect(parseBenchArgs(['--quick', '--no-build', '--scenarios', '1,4'])).toEqual({
      quick: true,
      build: false,
      scenarios: [1, 4],
    });
    const args = parseBenchArgs(['--scenarios=2']);
    expect(runsScenario(args, 2)).toBe(true);
    expect(runsScenario(args, 1)).toBe(false);
  });

  it('refuses an unknown scenario or argument instead of silently measuring something else', () => {
    expect(parseBenchArgs(['--scenarios', '10']).scenarios).toEqual([10]);
    expect(() => parseBenchArgs(['--scenarios', '11'])).toThrow(/Unknown scenario/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown argument/);
  });
});
