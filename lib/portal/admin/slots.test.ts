import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { slotted } from './slots';

const children = (node: unknown) => [(node as ReactElement<{ children: unknown }>).props.children].flat();

describe('slotted', () => {
  it('puts each slot where its argument stands in the sentence, in the sentence’s order', () => {
    const node = slotted((m) => `B ${m.b} then A ${m.a}.`, { a: 'A!', b: 'B!' });
    expect(isValidElement(node)).toBe(true);
    expect(children(node)).toEqual(['B ', 'B!', ' then A ', 'A!', '.']);
  });

  it('leaves a sentence without slots as it is', () => {
    expect(children(slotted(() => 'Plain.', {}))).toEqual(['Plain.']);
  });
});
