import type { ProductState } from '../../db/generated/enums';
import { ServiceError } from '../../errors';
import { FROZEN_STATES } from '../states';

/** The seeded demo passports stay as shipped: the API may read them, never change them. */
export function requireNotDemo(product: { isDemo: boolean }): void {
  if (product.isDemo) throw new ServiceError('DEMO_PRODUCT', 'Demo passports are read-only through the API.');
}

/**
 * Authoring writes need a draft: submitted, published, withdrawn and deprecated products are frozen (a published
 * passport is revised by an operator opening a revision in the portal, which makes it a draft again).
 */
export function requireEditable(product: { isDemo: boolean; state: ProductState }): void {
  requireNotDemo(product);
  if (FROZEN_STATES.has(product.state)) {
    throw new ServiceError('PRODUCT_FROZEN', `A product in state ${product.state} cannot be edited.`, {
      details: { state: product.state },
    });
  }
}

/** Optimistic locking: the caller's lockVersion must be the current one (re-read, re-apply, retry). */
export function requireLockVersion(product: { lockVersion: number }, lockVersion: number | undefined): void {
  if (lockVersion === undefined || lockVersion === product.lockVersion) return;
  throw new ServiceError(
    'LOCK_CONFLICT',
    'The product changed since it was read: re-read it and apply the change again.',
    {
      currentLockVersion: product.lockVersion,
    },
  );
}
