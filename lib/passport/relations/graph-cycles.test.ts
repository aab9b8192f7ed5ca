import { describe, expect, it } from 'vitest';
import { cyclicGroups } from './graph-cycles';

describe('cyclicGroups finds every cycle of a component graph', () => {
  it('finds none in a tree or a diamond (shared components are not cycles)', () => {
    expect(
      cyclicGroups([
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'd'],
        ['c', 'd'],
      ]),
    ).toEqual([]);
    expect(cyclicGroups([])).toEqual([]);
  });

  it('finds a two-node and a three-node cycle as separate groups', () => {
    const groups = cyclicGroups([
      ['p', 'a'],
      ['a', 'b'],
      ['b', 'a'],
      ['p', 'x'],
      ['x', 'y'],
      ['y', 'z'],
      ['z', 'x'],
    ]);
    expect(groups.map((g) => g.join(',')).sort()).toEqual(['a,b', 'x,y,z']);
  });

  it('finds a product that contains itself', () => {
    expect(
      cyclicGroups([
        ['a', 'a'],
        ['a', 'b'],
      ]),
    ).toEqual([['a']]);
  });

  it('handles a chain ten thousand deep without overflowing the stack', () => {
    const edges: Array<[string, string]> = [];
    for (let i = 0; i < 10_000; i++) edges.push([`n${i}`, `n${i + 1}`]);
    expect(cyclicGroups(edges)).toEqual([]);
    edges.push(['n10000', 'n0']);
    expect(cyclicGroups(edges)[0]).toHaveLength(10_001);
  });
});
