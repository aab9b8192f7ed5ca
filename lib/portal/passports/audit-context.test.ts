import { describe, expect, it } from 'vitest';
import { readableContext } from './audit-context';

describe('readableContext', () => {
  it('reads an audit context as key/value pairs: lists joined, nested members under dotted keys', () => {
    expect(
      readableContext({
        source: 'bms-webhook',
        appliedFormDataKeys: ['a', 'b'],
        rejectedFormDataKeys: [],
        counterUpdated: true,
        limits: { max: 3, unit: null },
      }),
    ).toEqual([
      ['source', 'bms-webhook'],
      ['appliedFormDataKeys', 'a, b'],
      ['rejectedFormDataKeys', '(none)'],
      ['counterUpdated', 'true'],
      ['limits.max', '3'],
      ['limits.unit', '—'],
    ]);
    expect(readableContext({})).toEqual([]);
    expect(readableContext(null)).toEqual([]);
  });

  it('keeps a large entry readable: long values clipped, many members cut with a count', () => {
    const [[, long]] = readableContext({ reason: 'x'.repeat(500) });
    expect(long).toHaveLength(200);
    const many = readableContext(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])));
    expect(many).toHaveLength(31);
    expect(many.at(-1)).toEqual(['…', '10 more']);
    expect(readableContext({ items: [{ id: 1 }] })).toEqual([['items', '[{"id":1}]']]);
  });
});
