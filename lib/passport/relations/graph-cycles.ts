/**
 * The groups of nodes that reach each other (strongly connected components with a cycle), by Tarjan's algorithm,
 * iteratively so a deep graph cannot overflow the stack. Each group is sorted; groups are in discovery order.
 */
export function cyclicGroups(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const out = new Map<string, string[]>();
  for (const [from, to] of edges) {
    if (!out.has(from)) out.set(from, []);
    if (!out.has(to)) out.set(to, []);
    out.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  for (const start of out.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = out.get(frame.node)!;
      if (frame.next < targets.length) {
        const to = targets[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfLoop = group.length === 1 && targets.includes(frame.node);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  }
  return groups;
}
