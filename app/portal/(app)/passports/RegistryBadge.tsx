import { portalLabels } from '@/lib/portal/labels';
import type { RegistryState } from '@/lib/registry/status';
import p from './passports.module.css';

const CLASS: Record<RegistryState, string | undefined> = {
  not_registered: undefined,
  pending: p.registryPending,
  registered: p.registryRegistered,
  failed: p.registryFailed,
};

/** A passport's EU registry registration state; a passport with nothing to register shows a dash in lists. */
export async function RegistryBadge({ state, dash = false }: { state: RegistryState; dash?: boolean }) {
  if (state === 'not_registered' && dash) return <>—</>;
  const l = await portalLabels();
  return <span className={CLASS[state]}>{l.registry(state)}</span>;
}
