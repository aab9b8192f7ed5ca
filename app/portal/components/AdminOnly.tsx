import Link from 'next/link';
import { portalT } from '@/lib/portal/i18n';
import type { Operator } from '@/lib/portal/session';

/** What an editor or reviewer sees on an administrator's page: the reason and a way on, never the data. */
export async function AdminOnly({ operator, what }: { operator: Operator; what: string }) {
  const t = await portalT('shell');
  return (
    <>
      <h1>{t('adminOnly.title')}</h1>
      <p>{t('adminOnly.body', { what, role: operator.role })}</p>
      <p>
        <Link href="/portal">{t('adminOnly.back')}</Link>
      </p>
    </>
  );
}
