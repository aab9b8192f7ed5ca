import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import { RefreshWhile } from '@/app/portal/components/RefreshWhile';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { listReviewBatches, type ReviewBatch } from '@/lib/portal/review/batches';
import { listReviewQueue, type QueueItem, type QueuePage } from '@/lib/portal/review/queue';
import { type Operator, portalContext, requireOperator } from '@/lib/portal/session';
import { BatchCard } from './BatchCard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('review');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function queueColumns(): Promise<Column<QueueItem>[]> {
  const t = await portalT('review');
  const l = await portalLabels();
  return [
    {
      id: 'passport',
      header: t('column.passport'),
      cell: (item) => <Link href={`/portal/passports/${item.id}`}>{item.name}</Link>,
    },
    { id: 'category', header: t('column.category'), cell: (item) => l.category(item.category) },
    {
      id: 'mode',
      header: t('column.mode'),
      cell: (item) => <span className={s.badge}>{l.mode(item.mode === 'LIVE' ? 'live' : 'test')}</span>,
    },
    {
      id: 'version',
      header: t('column.version'),
      cell: (item) =>
        item.version > 0 ? t('revision', { next: item.version + 1, published: item.version }) : t('firstPublication'),
    },
    {
      id: 'submitted',
      header: t('column.submitted'),
      cell: (item) =>
        item.submittedAt ? (
          <time dateTime={item.submittedAt.toISOString()}>{l.time(item.submittedAt)}</time>
        ) : (
          t('notRecorded')
        ),
    },
  ];
}

/** Submitted passports, oldest submission first: what reviewers decide on next. */
export default async function ReviewQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const t = await portalT('review');
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw ? raw : undefined;
  const ctx = portalContext(operator);
  const [page, batches] = await Promise.all([loadPage(ctx, cursor), cursor ? [] : listReviewBatches({ ctx })]);
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {batches.length > 0 ? (
        <>
          <Batches batches={batches} operator={operator} />
          <h2>{t('singleHeading')}</h2>
        </>
      ) : null}
      {page === 'invalid-cursor' ? (
        <p role="alert" className={s.error}>
          {t('invalidCursor')} <Link href="/portal/review">{t('firstPage')}</Link>.
        </p>
      ) : (
        <DataTable
          caption={t('caption', { count: page.items.length })}
          captionClassName="muted"
          columns={await queueColumns()}
          rows={page.items}
          rowKey={(item) => item.id}
          empty={cursor ? t('emptyPage') : t('empty')}
        />
      )}
      {page !== 'invalid-cursor' ? <Pager path="/portal/review" params={{ cursor }} next={page.nextCursor} /> : null}
    </>
  );
}

/** A cursor that was not handed out is a stale or edited link, not a server failure. */
async function loadPage(ctx: DomainContext, cursor: string | undefined): Promise<QueuePage | 'invalid-cursor'> {
  try {
    return await listReviewQueue({ ctx, input: { cursor } });
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'VALIDATION_ERROR') return 'invalid-cursor';
    throw error;
  }
}

/** Each import's submission as one batch, decided in one action; the page refreshes while a decision runs. */
async function Batches({ batches, operator }: { batches: ReviewBatch[]; operator: Operator }) {
  const t = await portalT('review');
  const running = batches.some((b) => b.submitting || b.run?.status === 'QUEUED' || b.run?.status === 'RUNNING');
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading">{t('batches.heading')}</h2>
      <RefreshWhile active={running} />
      {batches.map((batch) => (
        <BatchCard key={batch.importId} batch={batch} role={operator.role} />
      ))}
    </section>
  );
}
