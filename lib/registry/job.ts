import { type Db, prisma, type Tx } from '../db/client';
import { sessionJob } from '../jobs/session-job';
import { runRegistryPass } from './pass';

/** Ends the row leases a dead worker held; run only by the session that took the worker's lapsed lease over. */
export async function releaseDeadRegistryClaims(db: Db | Tx = prisma): Promise<number> {
  return db.$executeRaw`
    UPDATE "PassportRegistration" SET "leaseUntil" = NULL WHERE "leaseUntil" > (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')`;
}

/** The registry worker: a publication is registered within seconds, and a retry leaves when it is due. */
export const registryJob = sessionJob({
  name: 'registry',
  pass: () => runRegistryPass(),
  empty: { attempted: 0, registered: 0, failed: 0 },
  busy: (output) => output.attempted > 0,
  releaseClaims: () => releaseDeadRegistryClaims(),
});
