import type { PublicStateName } from '@/lib/portal/passports/list';
import { STATE_LABEL } from './labels';
import p from './passports.module.css';

export function StateBadge({ state }: { state: PublicStateName }) {
  return <span className={p[state]}>{STATE_LABEL[state]}</span>;
}
