import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingLog } from '../../testing/jobs';
import { eventually } from '../../testing/poll';
import { disconnectPrisma, prisma } from '../db/client';
import { JOBS } from '../server/jobs';
import { leasedSession } from './session-job';
import {
  acquireLease,
  HEARTBEAT_MS,
  LEASE_SECONDS,
  releaseLease,
  renewLease,
  STALE_AFTER_MS,
  whileHeld,
} from './worker-lease';

afterAll(() => disconnectPrisma());

// Each test works a lease name of its own: the shared database's real workers' leases are never touched.
const leaseName = () => `test-${randomUUID()}`;
const lapse = (name: string) =>
  prisma.$executeRaw`UPDATE "WorkerLease" SET "expiresAt" = "expiresAt" - interval '1 hour' WHERE "name" = ${name}`;
const leaseRow = (name: string) => prisma.workerLease.findUniqueOrThrow({ where: { name } });

/** A clock that only moves when the session waits, so a session's own time is no real time. */
function fakeTime() {
  let now = Date.now();
  return { clock: () => now, wait: async (ms: number) => void (now += ms) };
}

const counting = () => {
  const calls = { passes: 0 };
  return {
    calls,
    pass: async () => {
      calls.passes += 1;
      return { done: 1 };
    },
  };
};

describe('the outbox workers resume within seconds of a killed process', () => {
  it('lease a lapse of at most 20 s, renewed often enough, and every session job works under it on a queue a dead job cannot block', () => {
    expect(LEASE_SECONDS).toBeLessThanOrEqual(20);
    expect(HEARTBEAT_MS * 3).toBeLessThanOrEqual(LEASE_SECONDS * 1000);
    expect(STALE_AFTER_MS).toBeLessThan(LEASE_SECONDS * 1000 - HEARTBEAT_MS);
    for (const name of ['webhook-deliveries', 'email-delivery', 'registry', 'backup']) {
      const job = JOBS.find((j) => j.name === name);
      expect(job?.queue, name).toMatchObject({ policy: 'short', retryLimit: 0 });
      expect(job?.startAtLaunch, name).toBe(true);
    }
  });
});

describe('a worker lease', () => {
  it('is held by one session at a time: another is refused while it lives, and takes it at once when released', async () => {
    const name = leaseName();
    expect(await acquireLease(name, 'a')).toEqual({ takenOverFrom: null });
    expect(await acquireLease(name, 'b')).toBeNull();
    expect(await acquireLease(name, 'a')).toEqual({ takenOverFrom: null });
    expect(await renewLease(name, 'a')).toBe(true);
    expect(await renewLease(name, 'b')).toBe(false);
    const row = await leaseRow(name);
    expect(row.expiresAt.getTime() - row.renewedAt.getTime()).toBe(LEASE_SECONDS * 1000);

    await releaseLease(name, 'b');
    expect(await acquireLease(name, 'b')).toBeNull();
    await releaseLease(name, 'a');
    expect(await acquireLease(name, 'b')).toEqual({ takenOverFrom: null });
  });

  it('is taken over once lapsed (its holder stopped renewing), naming the dead holder, whose renewal then fails', async () => {
    const name = leaseName();
    await acquireLease(name, 'dead');
    await lapse(name);
    expect(await acquireLease(name, 'next')).toEqual({ takenOverFrom: 'dead' });
    expect(await renewLease(name, 'dead')).toBe(false);
    expect((await leaseRow(name)).holder).toBe('next');
  });

  it('is renewed while held, and its holder learns at the next beat that it was taken from it', async () => {
    const name = leaseName();
    await acquireLease(name, 'a');
    const first = (await leaseRow(name)).expiresAt.getTime();
    await whileHeld(
      name,
      'a',
      async (held) => {
        await eventually(async () => ((await leaseRow(name)).expiresAt.getTime() > first ? true : undefined), {
          what: 'a renewal',
        });
        expect(held()).toBe(true);
        await prisma.workerLease.update({ where: { name }, data: { holder: 'thief' } });
        await eventually(() => (held() ? undefined : true), { what: 'the holder to see its lease gone' });
      },
      { heartbeatMs: 50 },
    );
    // Released only by its holder: the thief keeps it.
    expect((await leaseRow(name)).holder).toBe('thief');
  });

  it('stops counting as held when no renewal succeeded for STALE_AFTER_MS (a stalled process starts no more work)', async () => {
    const name = leaseName();
    await acquireLease(name, 'a');
    let now = Date.now();
    await whileHeld(
      name,
      'a',
      async (held) => {
        expect(held()).toBe(true);
        now += STALE_AFTER_MS;
        expect(held()).toBe(false);
      },
      { clock: () => now, heartbeatMs: 60_000 },
    );
    expect((await leaseRow(name)).holder).toBeNull();
  });
});

describe('a leased session', () => {
  it('runs no pass while another live session holds the lease, and ends when its time is up', async () => {
    const name = leaseName();
    await acquireLease(name, 'other');
    const { calls, pass } = counting();
    const output = await leasedSession(
      name,
      'me',
      { pass, empty: { done: 0 } },
      { ...fakeTime(), sessionMs: 10_000, active: () => true },
    );
    expect(output).toEqual({ passes: 0, done: 0 });
    expect(calls.passes).toBe(0);
    expect((await leaseRow(name)).holder).toBe('other');
  });

  it("takes a lapsed lease over, frees the dead holder's claims once, works its passes and releases the lease at the end", async () => {
    const name = leaseName();
    await acquireLease(name, 'killed');
    await lapse(name);
    const { pass } = counting();
    let released = 0;
    const { log, entries } = recordingLog();
    const output = await leasedSession(
      name,
      'me',
      { pass, empty: { done: 0 } },
      {
        ...fakeTime(),
        sessionMs: 10_000,
        active: () => true,
        log,
        releaseClaims: async () => {
          released += 1;
          return 7;
        },
      },
    );
    expect(output).toEqual({ passes: 5, done: 5 });
    expect(released).toBe(1);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        obj: expect.objectContaining({ takenOverFrom: 'killed', released: 7 }),
      }),
    );
    expect((await leaseRow(name)).holder).toBeNull();
  });

  it('waits for a live holder to finish and then takes over without freeing claims (nobody died)', async () => {
    const name = leaseName();
    await acquireLease(name, 'first');
    const time = fakeTime();
    let waits = 0;
    const { calls, pass } = counting();
    let released = 0;
    const output = await leasedSession(
      name,
      'second',
      { pass, empty: { done: 0 } },
      {
        clock: time.clock,
        wait: async (ms) => {
          waits += 1;
          if (waits === 2) await releaseLease(name, 'first');
          await time.wait(ms);
        },
        sessionMs: 10_000,
        active: () => true,
        releaseClaims: async () => ++released,
      },
    );
    expect(calls.passes).toBeGreaterThan(0);
    expect(output.passes).toBe(calls.passes);
    expect(released).toBe(0);
  });

  it('never lets two sessions run passes at once', async () => {
    const name = leaseName();
    let running = 0;
    let most = 0;
    const pass = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return { done: 1 };
    };
    const session = (holder: string) =>
      leasedSession(name, holder, { pass, empty: { done: 0 } }, { sessionMs: 300, pauseMs: 20, active: () => true });
    const outputs = await Promise.all([session('one'), session('two'), session('three')]);
    expect(most).toBe(1);
    expect(outputs.reduce((sum, o) => sum + o.done, 0)).toBeGreaterThan(0);
  });
});

describe("what a takeover frees: the dead session's claims", () => {
  it("each worker's release runs on the database (inside a transaction rolled back, so no other test's claim is freed)", async () => {
    const { releaseDeadDeliveryClaims } = await import('../webhooks/delivery/job');
    const { releaseDeadEmailClaims } = await import('../email/job');
    const { releaseDeadRegistryClaims } = await import('../registry/job');
    const { releaseDeadBackupClaims } = await import('../server/backup');
    const rolledBack = new Error('rolled back');
    const counts: number[] = [];
    await expect(
      prisma.$transaction(async (tx) => {
        for (const release of [
          releaseDeadDeliveryClaims,
          releaseDeadEmailClaims,
          releaseDeadRegistryClaims,
          releaseDeadBackupClaims,
        ])
          counts.push(await release(tx));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(counts).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)]);
  });
});
