import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '@/lib/config';

export type ServiceStatus = 'ok' | 'error';

export interface HealthDeps {
  /** `pingDatabase(timeoutMs)` from the DB layer: true when PostgreSQL answered in time. */
  database: (timeoutMs: number) => Promise<boolean>;
  /** The rate limiter's backend probe (`checkBackend()`). */
  rateLimit: () => Promise<ServiceStatus>;
  /** The back-up replication's lag (lib/backup/lag.ts), given when BACKUP_TARGET is set. */
  backup?: () => Promise<BackupLag>;
  timeoutMs?: number;
  build?: () => string;
  now?: () => Date;
}

/** How far the back-up copy is behind: the age of the oldest change it does not hold yet, and how many passports. */
export interface BackupLag {
  lagSeconds: number;
  pending: number;
}

/** `backup` is present only when a back-up target is configured and its lag could be read in time. */
export type HealthReport =
  | { httpStatus: 200; body: { status: 'healthy'; timestamp: string; build: string; backup?: BackupLag } }
  | {
      httpStatus: 503;
      body: {
        status: 'degraded';
        timestamp: string;
        services: { database: ServiceStatus; rateLimit: ServiceStatus };
        backup?: BackupLag;
      };
    };

/** The lag, or nothing when it is not configured, fails or is late (the database check reports an outage). */
async function backupLagWithin(read: (() => Promise<BackupLag>) | undefined, deadlineMs: number) {
  if (!read) return {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  try {
    const lag = await Promise.race([read().catch(() => null), late]);
    return lag ? { backup: lag } : {};
  } finally {
    clearTimeout(timer);
  }
}

/** A check that throws, hangs past the deadline or says no counts as 'error'; health never throws. */
async function settle(check: () => Promise<boolean | ServiceStatus>, deadlineMs: number): Promise<ServiceStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<ServiceStatus>((resolve) => {
    timer = setTimeout(() => resolve('error'), deadlineMs);
  });
  const answer = check().then(
    (result): ServiceStatus => (result === true || result === 'ok' ? 'ok' : 'error'),
    (): ServiceStatus => 'error',
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(deps: HealthDeps): Promise<HealthReport> {
  const timeoutMs = deps.timeoutMs ?? config().HEALTH_DB_TIMEOUT_MS;
  // The deadline leaves the DB layer's own timeout room to fire first.
  const deadlineMs = timeoutMs + 250;
  const [database, rateLimit, backup] = await Promise.all([
    settle(() => deps.database(timeoutMs), deadlineMs),
    settle(deps.rateLimit, deadlineMs),
    backupLagWithin(deps.backup, deadlineMs),
  ]);
  const timestamp = (deps.now ?? (() => new Date()))().toISOString();
  if (database === 'ok' && rateLimit === 'ok') {
    return { httpStatus: 200, body: { status: 'healthy', timestamp, build: (deps.build ?? buildId)(), ...backup } };
  }
  return { httpStatus: 503, body: { status: 'degraded', timestamp, services: { database, rateLimit }, ...backup } };
}

let cachedBuild: string | undefined;

/**
 * BUILD_ID from the environment (a deployer's commit or release tag) wins; else the id `next build`
 * wrote to .next/BUILD_ID; else the package version when run through npm; else 'development'.
 */
export function buildId(): string {
  cachedBuild ??= config().BUILD_ID ?? nextBuildId() ?? process.env.npm_package_version ?? 'development';
  return cachedBuild;
}

/** The id `next build` wrote for the build this process serves (its chunks and server actions are that build's). */
export function nextBuildId(): string | undefined {
  try {
    return (
      readFileSync(join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'), 'utf8').trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** The health answer as sent: never cached, with the surface's request-id header. */
export function healthResponse(report: HealthReport, headers: Record<string, string>): Response {
  return Response.json(report.body, {
    status: report.httpStatus,
    headers: { ...headers, 'Cache-Control': 'no-store' },
  });
}
