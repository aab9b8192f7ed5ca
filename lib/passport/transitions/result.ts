import type { ProductState } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { PUBLIC_STATE } from '../states';

export interface LifecycleResult {
  id: string;
  slug: string;
  state: (typeof PUBLIC_STATE)[ProductState];
  version: number;
}

export const lifecycleResult = (p: {
  id: string;
  slug: string;
  state: ProductState;
  version: number;
}): LifecycleResult => ({
  id: p.id,
  slug: p.slug,
  state: PUBLIC_STATE[p.state],
  version: p.version,
});

/** Operators act within their role; the Integration API and the system act within their scopes. */
export function requireRole(ctx: DomainContext, roles: string[], action: string): void {
  if (!roles.includes(ctx.actor.role)) {
    throw new ServiceError('FORBIDDEN', `Your role (${ctx.actor.role}) cannot ${action}.`);
  }
}

/** Publication, rejection and the later transitions are review decisions. */
export const REVIEW_ROLES = ['ADMIN', 'REVIEWER', 'System'];
