import type { Metadata } from 'next';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { filterQuery, parseAuditFilters } from '@/lib/portal/audit/filters';
import { type AuditEntry, auditFacets, listAuditEntries, operatorEmails } from '@/lib/portal/audit/query';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditTable } from './AuditTable';
import c from './audit.module.css';

export const metadata: Metadata = { title: 'Audit trail' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const params = await searchParams;
  const parsed = parseAuditFilters(params);
  const cursor = typeof params.cursor === 'string' && params.cursor ? params.cursor : undefined;
  const facets = await auditFacets({ ctx });

  let page: { entries: AuditEntry[]; nextCursor: string | null } | null = null;
  let problem: string | null = parsed.ok ? null : parsed.message;
  if (parsed.ok) {
    try {
      page = await listAuditEntries({ ctx, filters: parsed.filters, cursor });
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'VALIDATION_ERROR')) throw error;
      problem = 'This page link is no longer valid. Start again from the first page.';
    }
  }
  const emails = page
    ? await operatorEmails({ ctx, ids: page.entries.map((e) => e.actorId) })
    : new Map<string, string>();
  const query = filterQuery(parsed.values);
  const filtered = query !== '';

  return (
    <>
      <h1>Audit trail</h1>
      <p className="muted">
        Every change to your company&apos;s data, from the portal, the Integration API and the system. Times are UTC.
      </p>
      <AuditFilterForm
        values={parsed.values}
        eventTypes={facets.eventTypes}
        actorRoles={facets.actorRoles}
        invalid={parsed.ok ? undefined : parsed.field}
      />
      {problem ? (
        <p id="filters-error" role="alert" className={s.error}>
          {problem}
        </p>
      ) : null}
      {page ? (
        <>
          <div className={c.actions}>
            <a href={`/portal/audit/export${query ? `?${query}` : ''}`} download>
              Download CSV{filtered ? ' (these filters, every page)' : ' (every entry)'}
            </a>
          </div>
          <AuditTable entries={page.entries} emails={emails} filtered={filtered} />
          <Pager path="/portal/audit" params={{ ...parsed.values, cursor }} next={page.nextCursor} />
        </>
      ) : null}
    </>
  );
}
