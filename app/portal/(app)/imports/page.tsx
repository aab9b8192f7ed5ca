import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { portalT } from '@/lib/portal/i18n';
import { type ImportListItem, listCompanyImports } from '@/lib/portal/imports/list';
import { portalLabels } from '@/lib/portal/labels';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { importStatusLabels, UPLOAD_ROLES } from './labels';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('imports');
  return { title: t('list.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function importColumns(): Promise<Column<ImportListItem>[]> {
  const t = await portalT('imports');
  const l = await portalLabels();
  const status = await importStatusLabels();
  return [
    {
      id: 'file',
      header: t('list.column.file'),
      rowHeader: true,
      cell: (i) => (
        <Link href={`/portal/imports/${i.id}`}>{i.fileName ?? t('list.unnamed', { time: l.time(i.createdAt) })}</Link>
      ),
    },
    { id: 'status', header: t('list.column.status'), cell: (i) => <span className={s.badge}>{status[i.status]}</span> },
    {
      id: 'rows',
      header: t('list.column.rows'),
      cell: (i) =>
        i.total === null
          ? t('list.rowsSoFar', { processed: i.processed })
          : t('list.rowsOf', { processed: i.processed, total: i.total }),
    },
    {
      id: 'written',
      header: t('list.column.written'),
      cell: (i) => `${i.created} / ${i.updated} / ${i.unchanged}`,
    },
    { id: 'failed', header: t('list.column.failed'), cell: (i) => i.failed },
    {
      id: 'submitted',
      header: t('list.column.submitted'),
      cell: (i) => (i.submittedAt ? i.submittedCount : t('list.notYet')),
    },
    {
      id: 'created',
      header: t('list.column.created'),
      cell: (i) => <time dateTime={i.createdAt.toISOString()}>{l.time(i.createdAt)}</time>,
    },
  ];
}

/** The company's imports, newest first: where each stands and what it wrote. */
export default async function ImportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const t = await portalT('imports');
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw ? raw : undefined;
  const page = await loadPage(portalContext(operator), cursor);
  return (
    <>
      <h1>{t('list.title')}</h1>
      <p>{t('list.intro')}</p>
      {UPLOAD_ROLES.includes(operator.role) ? (
        <p>
          <Link className={s.button} href="/portal/imports/new">
            {t('list.importFile')}
          </Link>
        </p>
      ) : null}
      {page === 'invalid-cursor' ? (
        <p role="alert" className={s.error}>
          {t('invalidCursor')} <Link href="/portal/imports">{t('firstPage')}</Link>.
        </p>
      ) : (
        <>
          <DataTable
            caption={t('list.caption')}
            columns={await importColumns()}
            rows={page.items}
            rowKey={(i) => i.id}
            empty={cursor ? t('list.emptyPage') : t('list.empty')}
          />
          <Pager path="/portal/imports" params={{ cursor }} next={page.nextCursor} />
        </>
      )}
    </>
  );
}

async function loadPage(ctx: DomainContext, cursor: string | undefined) {
  try {
    return await listCompanyImports({ ctx, input: { cursor } });
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'VALIDATION_ERROR') return 'invalid-cursor' as const;
    throw error;
  }
}
