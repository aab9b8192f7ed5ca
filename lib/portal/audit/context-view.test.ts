import { describe, expect, it } from 'vitest';
import { contextItems, contextSummary, utcTime } from './context-view';

describe('contextItems', () => {
  it('shows scalars as text, lists of scalars comma-separated and deeper values as pretty JSON', () => {
    expect(
      contextItems({
        source: 'bms-webhook',
        counterUpdated: true,
        appliedFormDataKeys: ['a', 'b'],
        rejected: [],
        extra: null,
        nested: { x: 1 },
      }),
    ).toEqual([
      { key: 'source', value: 'bms-webhook', structured: false },
      { key: 'counterUpdated', value: 'true', structured: false },
      { key: 'appliedFormDataKeys', value: 'a, b', structured: false },
      { key: 'rejected', value: '(none)', structured: false },
      { key: 'extra', value: '—', structured: false },
      { key: 'nested', value: '{\n  "x": 1\n}', structured: true },
    ]);
  });

  it('has nothing for an empty context and one item for a context that is not an object', () => {
    expect(contextItems({})).toEqual([]);
    expect(contextItems(null)).toEqual([]);
    expect(contextItems([1, 2])).toEqual([{ key: 'value', value: '1, 2', structured: false }]);
  });
});

describe('utcTime', () => {
  it('prints the time in UTC to the second', () => {
    expect(utcTime(new Date('2026-11-23T09:30:05.123Z'))).toBe('2026-11-23 09:30:05 UTC');
  });
});

describe('contextSummary: the one line an audit row shows of its context', () => {
  it('names up to three plain values, cuts long ones and counts the rest', () => {
    const items = contextItems({
      reason: 'x'.repeat(60),
      from: 'DRAFT',
      to: 'SUBMITTED',
      version: 3,
      fields: [{ id: 'a' }],
    });
    expect(contextSummary(items)).toBe(`reason: ${'x'.repeat(39)}… · from: DRAFT · to: SUBMITTED · +2 more`);
  });

  it('is only the count when every value is structured', () => {
    expect(contextSummary(contextItems({ changes: [{ a: 1 }], before: { b: 2 } }))).toBe('+2 more');
  });
});
