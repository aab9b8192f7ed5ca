import type { ReactNode } from 'react';
import s from '../portal.module.css';

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={s.empty}>{children}</p>;
}
