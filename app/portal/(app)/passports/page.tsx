import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { listPassports, passportListQuery } from '@/lib/portal/passports/list';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { PassportTable } from './PassportTable';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('passports');
  return { title: t('list.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every passport of the operator's company with its EU registry state, searched and filtered through the URL, 25 per
 * page.
 */
export default async function PassportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = passportListQuery(await searchParams);
  const [{ items, nextCursor }, t, l] = await Promise.all([
    listPassports({ ctx: portalContext(operator), query }),
    portalT('passports'),
    portalLabels(),
  ]);
  const filtered = Boolean(query.search || query.state || query.category || query.mode || query.registry);
  return (
    <>
      <h1>{t('list.title')}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark on the form itself, as every browser supports */}
      <form method="get" action="/portal/passports" className={s.filters} role="search" aria-label={t('list.title')}>
        <label>
          {t('list.search')}
          <input
            type="search"
            name="q"
            defaultValue={query.search}
            placeholder={t('list.searchPlaceholder')}
            size={32}
          />
        </label>
        <FilterSelect
          label={t('list.filter.state')}
          name="state"
          value={query.state}
          anyLabel={t('list.filter.anyState')}
          options={l.options.state}
        />
        <FilterSelect
          label={t('list.filter.category')}
          name="category"
          value={query.category}
          anyLabel={t('list.filter.anyCategory')}
          options={l.options.category}
        />
        <FilterSelect
          label={t('list.filter.mode')}
          name="mode"
          value={query.mode}
          anyLabel={t('list.filter.anyMode')}
          options={{ live: t('list.filter.live'), test: t('list.filter.test') }}
        />
        <FilterSelect
          label={t('list.filter.registry')}
          name="registry"
          value={query.registry}
          anyLabel={t('list.filter.anyRegistry')}
          options={l.options.registry}
        />
        <button type="submit" className={s.button}>
          {t('list.search')}
        </button>
        {filtered ? <Link href="/portal/passports">{t('list.clear')}</Link> : null}
      </form>
      <PassportTable items={items} filtered={filtered} />
      <Pager
        path="/portal/passports"
        params={{
          q: query.search,
          state: query.state,
          category: query.category,
          mode: query.mode,
          registry: query.registry,
          cursor: query.cursor,
        }}
        next={nextCursor}
      />
    </>
  );
}
