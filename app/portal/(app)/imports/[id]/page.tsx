import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import { ProgressBar } from '@/app/portal/components/ProgressBar';
import { RefreshWhile } from '@/app/portal/components/RefreshWhile';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { getImport } from '@/lib/imports/get-import';
import type { ImportRecord } from '@/lib/imports/view';
import { importErrorsPage } from '@/lib/portal/imports/errors-page';
import { portalTime } from '@/lib/portal/review/time';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { IMPORT_STATUS_LABEL, UPLOAD_ROLES } from '../labels';
import { ImportActionForm } from './ImportActionForm';

export const metadata: Metadata = { title: 'Import' };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type RowError = Awaited<ReturnType<typeof importErrorsPage>>['items'][number];

const errorColumns: Column<RowError>[] = [
  { id: 'row', header: 'Row', rowHeader: true, cell: (e) => e.rowNumber },
  { id: 'column', header: 'Column', cell: (e) => e.column ?? '' },
  { id: 'field', header: 'Field', cell: (e) => e.fieldId ?? '' },
  { id: 'code', header: 'Code', cell: (e) => <code>{e.code}</code> },
  { id: 'message', header: 'Message', cell: (e) => e.message },
];

/** One import: where it stands (refreshing while it runs), what it wrote, its row errors, and what can be done next. */
export default async function ImportPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const { id } = await params;
  const job = await getImport({ ctx, input: { importId: id } }).catch((error: unknown) => {
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ID')) notFound();
    throw error;
  });
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw ? raw : undefined;
  const errors = await importErrorsPage(ctx, job.id, cursor).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === 'VALIDATION_ERROR') return 'invalid-cursor' as const;
    throw error;
  });
  const working = job.status === 'QUEUED' || job.status === 'RUNNING';
  const submitting = job.submittedAt !== null && job.submitFinishedAt === null;
  const mayAct = UPLOAD_ROLES.includes(operator.role);
  return (
    <>
      <p>
        <Link href="/portal/imports">All imports</Link>
      </p>
      <h1>Import {job.fileName ?? job.id}</h1>
      <RefreshWhile active={working || submitting} />
      <p role="status">
        Status: <span className={s.badge}>{IMPORT_STATUS_LABEL[job.status]}</span>
        {job.cancelRequestedAt && job.status === 'RUNNING' ? ' (stopping)' : null}
      </p>
      <ProgressBar id="import-progress" label="Rows read:" value={job.processed} max={job.total} />
      {job.failureReason ? (
        <p role="alert" className={s.error}>
          {job.failureReason}
        </p>
      ) : null}
      <Counts job={job} />
      <Submission job={job} />
      {mayAct && working ? <ImportActionForm importId={job.id} intent="cancel" /> : null}
      {mayAct && job.status === 'COMPLETED' && job.submittedAt === null ? (
        <ImportActionForm importId={job.id} intent="submit" />
      ) : null}
      <section aria-labelledby="errors-heading">
        <h2 id="errors-heading">Row errors</h2>
        {job.failed > 0 || cursor ? (
          <p>
            <a href={`/portal/imports/${job.id}/errors.csv`} download>
              Download errors as CSV
            </a>
          </p>
        ) : null}
        {errors === 'invalid-cursor' ? (
          <p role="alert" className={s.error}>
            That page link is not valid any more. <Link href={`/portal/imports/${job.id}`}>Go to the first page</Link>.
          </p>
        ) : (
          <>
            <DataTable
              labelledBy="errors-heading"
              columns={errorColumns}
              rows={errors.items}
              rowKey={(e, i) => `${e.rowNumber}-${i}`}
              empty="No row errors."
              quietEmpty
              scrollable
            />
            <Pager path={`/portal/imports/${job.id}`} params={{ cursor }} next={errors.nextCursor} />
          </>
        )}
      </section>
    </>
  );
}

function Counts({ job }: { job: ImportRecord }) {
  return (
    <dl className={s.cards}>
      {(
        [
          ['Created', job.created],
          ['Updated', job.updated],
          ['Unchanged', job.unchanged],
          ['Rows with errors', job.failed],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className={s.card}>
          <dt>{label}</dt>
          <dd>
            <strong>{value}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Submission({ job }: { job: ImportRecord }) {
  if (!job.submittedAt) return null;
  if (!job.submitFinishedAt) return <p>Submitting the valid drafts for review: {job.submittedCount} so far.</p>;
  return (
    <p>
      Submitted for review <time dateTime={job.submitFinishedAt.toISOString()}>{portalTime(job.submitFinishedAt)}</time>
      : {job.submittedCount} passports in one batch
      {job.submitRefused > 0 ? `, ${job.submitRefused} left as drafts` : ''}.{' '}
      <Link href="/portal/review">Open the review queue</Link>.
    </p>
  );
}
