import { type Db, prisma, type Tx } from '../db/client';
import type { RegistrationStatus } from '../db/generated/enums';
import type { VerbArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';

/** A registration's states as the contract names them (the OpenAPI enum is made from this list). */
export const REGISTRY_STATES = ['not_registered', 'pending', 'registered', 'failed'] as const;

/** A registration's state as the contract names it. */
export type RegistryState = (typeof REGISTRY_STATES)[number];

export const REGISTRY_STATE: Record<RegistrationStatus, RegistryState> = {
  PENDING: 'pending',
  REGISTERED: 'registered',
  FAILED: 'failed',
};

export interface RegistrationReport {
  status: RegistryState;
  registrationId: string | null;
  registeredVersion: number | null;
  registeredAt: string | null;
  /** The passport's latest published version (0: never published). */
  currentVersion: number;
  /** Failed attempts since the last acceptance or change. */
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  /** When the next attempt is due; null when none is planned (registered, or refused until the next change). */
  nextAttemptAt: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Where a product's registration with the EU registry stands. `not_registered`: nothing to register yet (never
 * published, or a test-mode product). Another company's product is 404 like an unknown id.
 */
export async function registrationStatus({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string }>): Promise<RegistrationReport> {
  if (!isUuid(input.productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
  const product = await (db as Db | Tx).product.findFirst({
    where: { id: input.productId, companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
    select: { version: true, registration: true },
  });
  if (!product) throw new ServiceError('NOT_FOUND', 'No such product.');
  const r = product.registration;
  const due = r && r.wantedSeq > r.sentSeq;
  return {
    status: r ? REGISTRY_STATE[r.status] : 'not_registered',
    registrationId: r?.registrationId ?? null,
    registeredVersion: r?.registeredVersion ?? null,
    registeredAt: iso(r?.registeredAt ?? null),
    currentVersion: product.version,
    attempts: r?.attempts ?? 0,
    lastError: r?.lastError ?? null,
    lastAttemptAt: iso(r?.lastAttemptAt ?? null),
    nextAttemptAt: due ? iso(r.nextAttemptAt) : null,
  };
}
