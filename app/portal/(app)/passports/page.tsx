import type { Metadata } from 'next';
import Link from 'next/link';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { listPassports, PUBLIC_STATE_NAMES, passportListQuery } from '@/lib/portal/passports/list';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { BATTERY_CATEGORIES } from '@/lib/schema/types';
import { categoryName, STATE_LABEL } from './labels';
import { PassportTable } from './PassportTable';

export const metadata: Metadata = { title: 'Passports' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every passport of the operator's company, searched and filtered through the URL, 25 per page. */
export default async function PassportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = passportListQuery(await searchParams);
  const { items, nextCursor } = await listPassports({ ctx: portalContext(operator), query });
  const filtered = Boolean(query.search || query.state || query.category || query.mode);
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
        <label>
          State
          <select name="state" defaultValue={query.state ?? ''}>
            <option value="">Any state</option>
            {PUBLIC_STATE_NAMES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABEL[state]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Category
          <select name="category" defaultValue={query.category ?? ''}>
            <option value="">Any category</option>
            {BATTERY_CATEGORIES.map((code) => (
              <option key={code} value={code}>
                {categoryName(code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Mode
          <select name="mode" defaultValue={query.mode ?? ''}>
            <option value="">Live and test</option>
            <option value="live">Live</option>
            <option value="test">Test (sandbox)</option>
          </select>
        </label>
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
          cursor: query.cursor,
        }}
        next={nextCursor}
      />
    </>
  );
}
