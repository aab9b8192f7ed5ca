import Link from 'next/link';
import s from '@/app/portal/portal.module.css';

export type PageParams = Record<string, string | undefined>;

/**
 * Keyset paging of one list on the passport page: its own URL parameter, the other lists' positions kept, and
 * the browser brought back to the list.
 */
export function SectionPager({
  path,
  params,
  name,
  anchor,
  next,
  label,
}: {
  path: string;
  params: PageParams;
  name: string;
  anchor: string;
  next: string | null;
  label: string;
}) {
  const href = (value: string | undefined) => {
    const q = new URLSearchParams(
      Object.entries({ ...params, [name]: value }).filter((e): e is [string, string] => Boolean(e[1])),
    );
    const qs = q.toString();
    return `${path}${qs ? `?${qs}` : ''}#${anchor}`;
  };
  if (!next && !params[name]) return null;
  return (
    <nav className={s.pager} aria-label={`Pages of ${label}`}>
      {params[name] ? <Link href={href(undefined)}>First page of {label}</Link> : null}
      {next ? <Link href={href(next)}>Next page of {label}</Link> : null}
    </nav>
  );
}
