import type { RegistryState } from '@/lib/registry/status';
import { REGISTRY_LABEL } from './labels';
import p from './passports.module.css';

const CLASS: Record<RegistryState, string | undefined> = {
  not_registered: undefined,
  pending: p.registryPending,
  registered: p.registryRegistered,
  failed: p.registryFailed,
};

/** A passport's EU registry registration state; a passport with nothing to register shows a dash in lists. */
export function RegistryBadge({ state, dash = false }: { state: RegistryState; dash?: boolean }) {
  if (state === 'not_registered' && dash) return <>—</>;
  return <span className={CLASS[state]}>{REGISTRY_LABEL[state]}</span>;
}
