import { keyWarning } from '../../integration/authenticate';
import type { KeyView } from '../../integration/key-admin/view';

/**
 * The age or expiry warning of a working key, in the words of the API's `Warning: 299` header (same rule: older
 * than 90 days or expiring within 14), so the portal and an integrator's logs say the same thing.
 */
export function keyWarningText(
  key: Pick<KeyView, 'status' | 'createdAt' | 'expiresAt'>,
  now = new Date(),
): string | null {
  if (key.status !== 'active' && key.status !== 'grace') return null;
  const header = keyWarning(
    { createdAt: new Date(key.createdAt), expiresAt: key.expiresAt ? new Date(key.expiresAt) : null },
    now,
  );
  return header ? header.replace(/^299 - "(.*)"$/, '$1') : null;
}
