import { describe, expect, it } from 'vitest';
import { contextItems, utcTime } from './context-view';

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
