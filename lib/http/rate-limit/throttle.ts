/** True at most once per `intervalMs`: keeps a backend outage from writing a log line per request. */
export function everyMs(intervalMs: number): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
