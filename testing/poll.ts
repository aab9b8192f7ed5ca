// Waiting for something another process does (a worker's delivery, a server coming up, a job finishing): polled
// against a deadline, so a test waits as long as it must and fails with what it waited for, never sleeps on a guess.

/** Polls `check` until it returns a value (not undefined) or the deadline passes: a bound, never a guess. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 20_000, everyMs = 200, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Polls `check` every 250 ms until it holds (one that throws does not, yet) or `timeoutMs` passes. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  await eventually(async () => ((await check().catch(() => false)) ? true : undefined), {
    timeoutMs,
    everyMs: 250,
    what,
  });
}
