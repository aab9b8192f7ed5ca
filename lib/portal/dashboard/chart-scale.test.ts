import { describe, expect, it } from 'vitest';
import { barLength, describePoints, niceCeiling } from './chart-scale';

describe('niceCeiling', () => {
  it('rounds the largest value up to 1, 2 or 5 times a power of ten, never below 1', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 23, 51, 99, 101, 4999].map(niceCeiling)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 100, 200, 5000,
    ]);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });
});

describe('barLength', () => {
  it('is proportional to the value, zero for zero, and a visible sliver for tiny values', () => {
    expect(barLength(5, 10, 200)).toBe(100);
    expect(barLength(0, 10, 200)).toBe(0);
    expect(barLength(1, 10_000, 200)).toBe(1);
    expect(barLength(20, 10, 200)).toBe(200);
  });
});

describe('describePoints', () => {
  it('lists every label with its value', () => {
    expect(
      describePoints([
        { label: 'Draft', value: 3 },
        { label: 'Submitted', value: 0 },
      ]),
    ).toBe('Draft: 3, Submitted: 0');
  });
});
