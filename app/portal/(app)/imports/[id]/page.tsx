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
import { portalT } from '@/lib/portal/i18n';
import { importErrorsPage } from '@/lib/portal/imports/errors-page';
import { portalLabels } from '@/lib/portal/labels';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { importStatusLabels, UPLOAD_ROLES } from '../labels';
import { ImportActionForm } from './ImportActionForm';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('imports');
  return { title: t('detail.title') };
}

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type RowError = Awaited<ReturnType<typeof importErrorsPage>>['items'][number];

async function errorColumns(): Promise<Column<RowError>[]> {
  const t = await portalT('imports');
  return [
    { id: 'row', header: t('detail.errors.column.row'), rowHeader: true, cell: (e) => e.rowNumber },
    { id: 'column', header: t('detail.errors.column.column'), cell: (e) => e.column ?? '' },
    { id: 'field', header: t('detail.errors.column.field'), cell: (e) => e.fieldId ?? '' },
    { id: 'code', header: t('detail.errors.column.code'), cell: (e) => <code>{e.code}</code> },
    { id: 'message', header: t('detail.errors.column.message'), cell: (e) => e.message },
  ];
}

/** One import: where it stands (refreshing while it runs), what it wrote, its row errors, and what can be done next. */
export default async function ImportPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const t = await portalT('imports');
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
  const status = await importStatusLabels();
  const working = job.status === 'QUEUED' || job.status === 'RUNNING';
  const submitting = job.submittedAt !== null && job.submitFinishedAt === null;
  const mayAct = UPLOAD_ROLES.includes(operator.role);
  return (
    <>
      <p>
        <Link href="/portal/imports">{t('detail.allImports')}</Link>
      </p>
      <h1>{t('detail.heading', { name: job.fileName ?? job.id })}</h1>
      <RefreshWhile active={working || submitting} />
      <p role="status">
        {t('detail.status')} <span className={s.badge}>{status[job.status]}</span>
        {job.cancelRequestedAt && job.status === 'RUNNING' ? t('detail.stopping') : null}
      </p>
      <ProgressBar id="import-progress" label={t('detail.rowsRead')} value={job.processed} max={job.total} />
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
        <h2 id="errors-heading">{t('detail.errors.heading')}</h2>
        {job.failed > 0 || cursor ? (
          <p>
            <a href={`/portal/imports/${job.id}/errors.csv`} download>
              {t('detail.errors.download')}
            </a>
          </p>
        ) : null}
        {errors === 'invalid-cursor' ? (
          <p role="alert" className={s.error}>
            {t('invalidCursor')} <Link href={`/portal/imports/${job.id}`}>{t('firstPage')}</Link>.
          </p>
        ) : (
          <>
            <DataTable
              labelledBy="errors-heading"
              columns={await errorColumns()}
              rows={errors.items}
              rowKey={(e, i) => `${e.rowNumber}-${i}`}
              empty={t('detail.errors.empty')}
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

async function Counts({ job }: { job: ImportRecord }) {
  const t = await portalT('imports');
  return (
    <dl className={s.cards}>
      {(
        [
          ['created', t('detail.count.created'), job.created],
          ['updated', t('detail.count.updated'), job.updated],
          ['unchanged', t('detail.count.unchanged'), job.unchanged],
          ['failed', t('detail.count.failed'), job.failed],
        ] as const
      ).map(([key, label, value]) => (
        <div key={key} className={s.card}>
          <dt>{label}</dt>
          <dd>
            <strong>{value}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}

async function Submission({ job }: { job: ImportRecord }) {
  if (!job.submittedAt) return null;
  const t = await portalT('imports');
  if (!job.submitFinishedAt) return <p>{t('detail.submitting', { count: job.submittedCount })}</p>;
  const l = await portalLabels();
  return (
    <p>
      {t('detail.submittedAt')}{' '}
      <time dateTime={job.submitFinishedAt.toISOString()}>{l.time(job.submitFinishedAt)}</time>:{' '}
      {t('detail.submittedBatch', { count: job.submittedCount })}
      {job.submitRefused > 0 ? t('detail.leftAsDrafts', { count: job.submitRefused }) : ''}.{' '}
      <Link href="/portal/review">{t('detail.openReview')}</Link>.
    </p>
  );
}
