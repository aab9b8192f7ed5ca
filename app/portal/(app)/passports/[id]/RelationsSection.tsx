import Link from 'next/link';
import { formatCountry, safeHref } from '@/app/(public)/format';
import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import { PUBLIC_STATE } from '@/lib/passport/states';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatTime } from '../labels';
import p from '../passports.module.css';
import { StateBadge } from '../StateBadge';
import { type PageParams, SectionPager } from './SectionPager';

/** The passport's direct components (other passports of the company) and its supply-chain steps. */
export function RelationsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { components, traceability, product } = detail;
  const path = `/portal/passports/${product.id}`;
  return (
    <>
      <section className={p.section} aria-labelledby="components-title" id="components">
        <h2 id="components-title">Components</h2>
        {components.items.length === 0 ? (
          <EmptyState>No components: this passport lists no other passports as its parts.</EmptyState>
        ) : (
          <table className={s.table}>
            <caption className={p.visuallyHidden}>Direct components, in the order they were added</caption>
            <thead>
              <tr>
                <th scope="col">Component</th>
                <th scope="col">State</th>
                <th scope="col">Quantity</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {components.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/portal/passports/${c.child.id}`}>{c.child.name}</Link>
                  </td>
                  <td>
                    <StateBadge state={PUBLIC_STATE[c.child.state]} />
                  </td>
                  <td>{c.quantity}</td>
                  <td>{c.role ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <SectionPager
          path={path}
          params={params}
          name="components"
          anchor="components"
          next={components.nextCursor}
          label="components"
        />
      </section>
      <section className={p.section} aria-labelledby="traceability-title" id="traceability">
        <h2 id="traceability-title">Traceability</h2>
        {traceability.items.length === 0 ? (
          <EmptyState>No supply-chain steps recorded yet.</EmptyState>
        ) : (
          <div className={p.tableWrap}>
            <table className={s.table}>
              <caption className={p.visuallyHidden}>Supply-chain steps, in the order they were recorded</caption>
              <thead>
                <tr>
                  <th scope="col">Stage</th>
                  <th scope="col">Supplier</th>
                  <th scope="col">Material</th>
                  <th scope="col">Country</th>
                  <th scope="col">Description</th>
                  <th scope="col">Occurred</th>
                </tr>
              </thead>
              <tbody>
                {traceability.items.map((t) => (
                  <tr key={t.id}>
                    <td>{t.stage.replaceAll('_', ' ')}</td>
                    <td>{t.supplier?.name ?? '—'}</td>
                    <td>{t.material ?? '—'}</td>
                    <td>{t.country ? formatCountry(t.country) : '—'}</td>
                    <td>
                      {t.description ?? ''}
                      {safeHref(t.documentUrl) ? (
                        <>
                          {' '}
                          <a href={safeHref(t.documentUrl)!} rel="noopener nofollow">
                            Evidence
                          </a>
                        </>
                      ) : null}
                    </td>
                    <td>{t.occurredAt ? <time dateTime={t.occurredAt}>{formatTime(t.occurredAt)}</time> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <SectionPager
          path={path}
          params={params}
          name="traceability"
          anchor="traceability"
          next={traceability.nextCursor}
          label="traceability steps"
        />
      </section>
    </>
  );
}
