import Link from 'next/link';
import { portalT } from '@/lib/portal/i18n';

/** A portal address that names nothing of this company: no hint whether it exists elsewhere. */
export default async function PortalNotFound() {
  const t = await portalT('shell');
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link href="/portal">{t('notFound.back')}</Link>
      </p>
    </>
  );
}
