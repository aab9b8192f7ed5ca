import Link from 'next/link';
import { portalT } from '@/lib/portal/i18n';
import s from '../portal.module.css';

/**
 * Keyset paging for long lists: `next` is the cursor of the following page (null on the last one). The current
 * query string is kept, so filters survive paging.
 */
export async function Pager({
  path,
  params,
  next,
}: {
  path: string;
  params: Record<string, string | undefined>;
  next: string | null;
}) {
  const first = { ...params, cursor: undefined };
  const hasCursor = Boolean(params.cursor);
  const href = (p: Record<string, string | undefined>) => {
    const q = new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => Boolean(e[1])));
    const qs = q.toString();
    return qs ? `${path}?${qs}` : path;
  };
  if (!next && !hasCursor) return null;
  const t = await portalT('shell');
  return (
    <nav className={s.pager} aria-label={t('pages')}>
      {hasCursor ? <Link href={href(first)}>{t('firstPage')}</Link> : null}
      {next ? <Link href={href({ ...params, cursor: next })}>{t('nextPage')}</Link> : null}
    </nav>
  );
}
