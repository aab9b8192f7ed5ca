import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { type ImportListItem, listCompanyImports } from '@/lib/portal/imports/list';
import { portalTime } from '@/lib/portal/review/time';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { IMPORT_STATUS_LABEL, UPLOAD_ROLES } from './labels';

export const metadata: Metadata = { title: 'Imports' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const columns: Column<ImportListItem>[] = [
  {
    id: 'file',
    header: 'File',
    rowHeader: true,
    cell: (i) => <Link href={`/portal/imports/${i.id}`}>{i.fileName ?? `Import of ${portalTime(i.createdAt)}`}</Link>,
  },
  { id: 'status', header: 'Status', cell: (i) => <span className={s.badge}>{IMPORT_STATUS_LABEL[i.status]}</span> },
  {
    id: 'rows',
    header: 'Rows read',
    cell: (i) => (i.total === null ? `${i.processed} so far` : `${i.processed} of ${i.total}`),
  },
  {
    id: 'written',
    header: 'Created / updated / unchanged',
    cell: (i) => `${i.created} / ${i.updated} / ${i.unchanged}`,
  },
  { id: 'failed', header: 'Rows with errors', cell: (i) => i.failed },
  { id: 'submitted', header: 'Submitted', cell: (i) => (i.submittedAt ? i.submittedCount : 'Not yet') },
  {
    id: 'created',
    header: 'Uploaded',
    cell: (i) => <time dateTime={i.createdAt.toISOString()}>{portalTime(i.createdAt)}</time>,
  },
];

/** The company's imports, newest first: where each stands and what it wrote. */
export default async function ImportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw ? raw : undefined;
  const page = await loadPage(portalContext(operator), cursor);
  return (
    <>
      <h1>Imports</h1>
      <p>
        ERP files (CSV, XLSX or JSON Lines) read row by row into draft passports, then submitted for review as one
        batch.
      </p>
      {UPLOAD_ROLES.includes(operator.role) ? (
        <p>
          <Link className={s.button} href="/portal/imports/new">
            Import a file
          </Link>
        </p>
      ) : null}
      {page === 'invalid-cursor' ? (
        <p role="alert" className={s.error}>
          That page link is not valid any more. <Link href="/portal/imports">Go to the first page</Link>.
        </p>
      ) : (
        <>
          <DataTable
            caption="Imports, newest first"
            columns={columns}
            rows={page.items}
            rowKey={(i) => i.id}
            empty={`No imports${cursor ? ' on this page' : ' yet'}.`}
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
