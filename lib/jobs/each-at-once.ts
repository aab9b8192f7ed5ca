/**
 * Runs `fn` over `items` with at most `concurrency` calls in flight, in order of start: the workers of a pass (the
 * registry's, the back-up's, the static export's) each take the next item when their last one is done. A call that
 * throws rejects the whole run (callers that must go on catch inside `fn`).
 */
export async function eachAtOnce<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
