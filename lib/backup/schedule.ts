/** The wait before retrying a failed copy: 5 s doubling per failed attempt, at most 10 minutes. Never given up. */
export function nextBackupAttempt(attempts: number, now: Date): Date {
  const delay = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
  return new Date(now.getTime() + delay);
}
