import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { listPassports, passportListQuery } from '@/lib/portal/passports/list';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { CATEGORY_LABEL, REGISTRY_LABEL, STATE_LABEL } from './labels';
import { PassportTable } from './PassportTable';

export const metadata: Metadata = { title: 'Passports' };

const MODE_OPTIONS = { live: 'Live', test: 'Test (sandbox)' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every passport of the operator's company with its EU registry state, searched and filtered through the URL, 25 per
 * page.
 */
export default async function PassportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = passportListQuery(await searchParams);
  const { items, nextCursor } = await listPassports({ ctx: portalContext(operator), query });
  const filtered = Boolean(query.search || query.state || query.category || query.mode || query.registry);
  return (
    <>
      <h1>Passports</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark on the form itself, as every browser supports */}
      <form method="get" action="/portal/passports" className={s.filters} role="search" aria-label="Passports">
        <label>
          Search
          <input
            type="search"
            name="q"
            defaultValue={query.search}
            placeholder="Name, slug, GTIN, serial or batch"
            size={32}
          />
        </label>
        <FilterSelect label="State" name="state" value={query.state} anyLabel="Any state" options={STATE_LABEL} />
        <FilterSelect
          label="Category"
          name="category"
          value={query.category}
          anyLabel="Any category"
          options={CATEGORY_LABEL}
        />
        <FilterSelect label="Mode" name="mode" value={query.mode} anyLabel="Live and test" options={MODE_OPTIONS} />
        <FilterSelect
          label="EU registry"
          name="registry"
          value={query.registry}
          anyLabel="Any registration"
          options={REGISTRY_LABEL}
        />
        <button type="submit" className={s.button}>
          Search
        </button>
        {filtered ? <Link href="/portal/passports">Clear filters</Link> : null}
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
