import a from '@/app/portal/components/admin.module.css';
import type { KeyStatus } from '@/lib/integration/key-admin/view';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';

/** Each status's name in the operator's language (`t` of the admin messages), in the order of the filter. */
export function keyStatusLabels(t: PortalTranslator): Record<KeyStatus, string> {
  return {
    active: t('keyStatus.active'),
    grace: t('keyStatus.grace'),
    expired: t('keyStatus.expired'),
    revoked: t('keyStatus.revoked'),
  };
}

export async function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const t = await portalT('admin');
  return (
    <span className={status === 'active' ? a.okBadge : status === 'grace' ? a.warnBadge : a.offBadge}>
      {keyStatusLabels(t)[status]}
    </span>
  );
}
