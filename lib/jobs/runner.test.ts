import { describe, expect, it } from 'vitest';
import { recordingLog } from '../../testing/jobs';
import { jobErrorReporter } from './runner';

describe("the runner's error reporting", () => {
  // The shapes pg-boss emits: a worker's poll failing (a copy of the error, its message suffixed), pg's own errors.
  const workerError = (message: string, extra: object = {}) => ({
    ...extra,
    message: `${message} (Queue: webhook-deliveries, Worker: 0b6f3a52)`,
    stack: 'Error: …\n    at x',
    queue: 'webhook-deliveries',
    worker: '0b6f3a52',
  });

  it('reports a lost database as one warning line without a stack, at most once per interval', () => {
    const { log, entries } = recordingLog();
    let open = true;
    const report = jobErrorReporter(log, 'background jobs: pg-boss error', () => {
      const now = open;
      open = false;
      return now;
    });
    report(workerError('Connection terminated due to connection timeout'));
    report(
      workerError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }),
    );
    report(Object.assign(new Error('Connection terminated unexpectedly')));
    expect(entries).toEqual([
      {
        level: 'warn',
        obj: { database: 'Connection terminated due to connection timeout' },
        msg: 'background jobs: pg-boss error: database unavailable',
      },
    ]);
  });

  it('logs any other error in full, every time', () => {
    const { log, entries } = recordingLog();
    const report = jobErrorReporter(log, 'background jobs: pg-boss error', () => true);
    const bug = workerError('relation "pgboss.job" does not exist', { code: '42P01' });
    report(bug);
    report(bug);
    expect(entries.map((e) => e.level)).toEqual(['error', 'error']);
    expect(entries[0].obj).toEqual({ err: bug });
  });
});
