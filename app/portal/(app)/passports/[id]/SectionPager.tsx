import Link from 'next/link';
import type { ReactNode } from 'react';
import s from '@/app/portal/portal.module.css';
import { portalT } from '@/lib/portal/i18n';
import p from '../passports.module.css';

export type PageParams = Record<string, string | undefined>;

/** Where a paged section's links lead: the passport's page with the positions of all its lists. */
interface SectionPaging {
  productId: string;
  params: PageParams;
}

/**
 * A list of the passport page that pages on its own: the section's id names its heading, its anchor and its URL
 * parameter, so a page link keeps the other lists' positions and brings the browser back to this list.
 */
export function PagedSection({
  id,
  title,
  label = id,
  page,
  productId,
  params,
  children,
}: SectionPaging & {
  id: string;
  title: string;
  /** What the page links name ("Next page of …"); the id by default. */
  label?: string;
  /** The page shown (null when the list is not available). */
  page: { nextCursor: string | null } | null;
  children: ReactNode;
}) {
  const next = page?.nextCursor ?? null;
  return (
    <section className={p.section} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <SectionPager path={`/portal/passports/${productId}`} params={params} name={id} next={next} label={label} />
    </section>
  );
}

async function SectionPager({
  path,
  params,
  name,
  next,
  label,
}: {
  path: string;
  params: PageParams;
  name: string;
  next: string | null;
  label: string;
}) {
  const href = (value: string | undefined) => {
    const q = new URLSearchParams(
      Object.entries({ ...params, [name]: value }).filter((e): e is [string, string] => Boolean(e[1])),
    );
    const qs = q.toString();
    return `${path}${qs ? `?${qs}` : ''}#${name}`;
  };
  if (!next && !params[name]) return null;
  const t = await portalT('passports');
  return (
    <nav className={s.pager} aria-label={t('pager.pages', { label })}>
      {params[name] ? <Link href={href(undefined)}>{t('pager.first', { label })}</Link> : null}
      {next ? <Link href={href(next)}>{t('pager.next', { label })}</Link> : null}
    </nav>
  );
}
