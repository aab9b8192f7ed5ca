import { portalLabels } from '@/lib/portal/labels';
import type { PublicStateName } from '@/lib/portal/passports/list';
import p from './passports.module.css';

export async function StateBadge({ state }: { state: PublicStateName }) {
  const l = await portalLabels();
  return <span className={p[state]}>{l.state(state)}</span>;
}
