import { ServiceError } from '../../errors';
import { type KeyRow, type KeyStatus, keyStatus } from './view';

/** 409 INVALID_STATE unless the key is in one of `allowed` (revoked and expired keys are final). */
export function requireKeyStatus(key: KeyRow, allowed: KeyStatus[], action: string, now = new Date()): void {
  const status = keyStatus(key, now);
  if (allowed.includes(status)) return;
  throw new ServiceError(
    'INVALID_STATE',
    `Cannot ${action} a key that is ${status === 'grace' ? 'in its rotation grace period' : status}.`,
    {
      reason: 'INVALID_TRANSITION',
      details: { status },
    },
  );
}
