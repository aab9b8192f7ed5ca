import a from '@/app/portal/components/admin.module.css';
import { portalT } from '@/lib/portal/i18n';
import type { endpointView } from '@/lib/webhooks/endpoints/view';

export type EndpointView = ReturnType<typeof endpointView>;

/** Enabled, or disabled with the reason the service recorded (its own words). */
export async function EndpointState({ endpoint }: { endpoint: Pick<EndpointView, 'enabled' | 'disabledReason'> }) {
  const t = await portalT('admin');
  if (endpoint.enabled) return <span className={a.okBadge}>{t('webhooks.enabled')}</span>;
  return (
    <span>
      <span className={a.offBadge}>{t('webhooks.disabled')}</span>
      {endpoint.disabledReason ? <span className={a.hint}> {endpoint.disabledReason}</span> : null}
    </span>
  );
}
