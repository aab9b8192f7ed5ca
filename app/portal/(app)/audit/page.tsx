import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { filterQuery, parseAuditFilters } from '@/lib/portal/audit/filters';
import { type AuditEntry, auditFacets, listAuditEntries, operatorEmails } from '@/lib/portal/audit/query';
import { portalT } from '@/lib/portal/i18n';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditTable } from './AuditTable';
import c from './audit.module.css';

export async function generateMetadata() {
  const t = await portalT('audit');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const t = await portalT('audit');
  const params = await searchParams;
  const parsed = parseAuditFilters(params, t);
  const cursor = typeof params.cursor === 'string' && params.cursor ? params.cursor : undefined;
  const facets = await auditFacets({ ctx });

  let page: { entries: AuditEntry[]; nextCursor: string | null } | null = null;
  let problem: string | null = parsed.ok ? null : parsed.message;
  if (parsed.ok) {
    try {
      page = await listAuditEntries({ ctx, filters: parsed.filters, cursor });
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'VALIDATION_ERROR')) throw error;
      problem = t('badCursor');
    }
  }
  const emails = page
    ? await operatorEmails({ ctx, ids: page.entries.map((e) => e.actorId) })
    : new Map<string, string>();
  const query = filterQuery(parsed.values);
  const filtered = query !== '';

  return (
    <>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
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
              {filtered ? t('downloadFiltered') : t('downloadAll')}
            </a>
          </div>
          <AuditTable entries={page.entries} emails={emails} filtered={filtered} />
          <Pager path="/portal/audit" params={{ ...parsed.values, cursor }} next={page.nextCursor} />
        </>
      ) : null}
    </>
  );
}
