import a from '@/app/portal/components/admin.module.css';
import type { endpointView } from '@/lib/webhooks/endpoints/view';

export type EndpointView = ReturnType<typeof endpointView>;

export function EndpointState({ endpoint }: { endpoint: Pick<EndpointView, 'enabled' | 'disabledReason'> }) {
  if (endpoint.enabled) return <span className={a.okBadge}>Enabled</span>;
  return (
    <span>
      <span className={a.offBadge}>Disabled</span>
      {endpoint.disabledReason ? <span className={a.hint}> {endpoint.disabledReason}</span> : null}
    </span>
  );
}
