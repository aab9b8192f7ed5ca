import a from '@/app/portal/components/admin.module.css';
import type { KeyStatus } from '@/lib/integration/key-admin/view';

export const KEY_STATUS_LABEL: Record<KeyStatus, string> = {
  active: 'Active',
  grace: 'Rotated (grace period)',
  expired: 'Expired',
  revoked: 'Revoked',
};

export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  return (
    <span className={status === 'active' ? a.okBadge : status === 'grace' ? a.warnBadge : a.offBadge}>
      {KEY_STATUS_LABEL[status]}
    </span>
  );
}
