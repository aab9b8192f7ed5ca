import type { ReactNode } from 'react';
import s from '../portal.module.css';

/** What a list says when it has nothing to show: a box, or a quiet note where the box would be too loud. */
export function EmptyState({ children, quiet = false }: { children: ReactNode; quiet?: boolean }) {
  return <p className={quiet ? 'muted' : s.empty}>{children}</p>;
}
