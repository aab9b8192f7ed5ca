import Link from 'next/link';
import s from '../portal.module.css';

/**
 * Keyset paging for long lists: `next` is the cursor of the following page (null on the last one). The current
 * query string is kept, so filters survive paging.
 */
export function Pager({
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
  return (
    <nav className={s.pager} aria-label="Pages">
      {hasCursor ? <Link href={href(first)}>First page</Link> : null}
      {next ? <Link href={href({ ...params, cursor: next })}>Next page</Link> : null}
    </nav>
  );
}
