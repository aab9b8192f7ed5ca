import type PgBoss from 'pg-boss';

/** The slice of the service logger (pino) a job needs; a test can pass a plain collector. */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  /** pg-boss's job id, for log correlation. */
  jobId: string;
  log: JobLog;
}

/**
 * One background job: a queue of its own, an optional cron schedule (UTC) and the handler that does the work.
 * Webhook deliveries, email sending and further retention jobs are each one more entry in `JOBS` (lib/server/jobs.ts), which the server passes to the runner.
 */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  /** Five-field cron in UTC; omit for jobs that are only sent on demand. */
  cron?: string;
  /**
   * Also sent once when the runner starts: an outbox worker then takes up waiting work at once instead of at the
   * first cron slot pg-boss's clock sends (up to about 35 s after start-up).
   */
  startAtLaunch?: boolean;
  /** Retries, expiry and retention of this queue's jobs (pg-boss queue options). */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Resolves to a small summary kept as the job's output; a throw fails the attempt (pg-boss retries it). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler with nothing to report simply returns
  handler(data: T, ctx: JobContext): Promise<Record<string, unknown> | void>;
}

/** A job of any data type, as tables of jobs hold them (each job's handler checks its own data). */
// biome-ignore lint/suspicious/noExplicitAny: a table of jobs mixes data types; `unknown` would reject every typed handler
export type AnyJob = JobDefinition<any>;

/** Keeps the data type of each entry while letting the table hold them all. */
export function defineJob<T extends object>(job: JobDefinition<T>): JobDefinition<T> {
  return job;
}
