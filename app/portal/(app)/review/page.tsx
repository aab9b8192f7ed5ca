import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Pager } from '@/app/portal/components/Pager';
import { RefreshWhile } from '@/app/portal/components/RefreshWhile';
import s from '@/app/portal/portal.module.css';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { listReviewBatches, type ReviewBatch } from '@/lib/portal/review/batches';
import { listReviewQueue, type QueueItem, type QueuePage } from '@/lib/portal/review/queue';
import { portalTime } from '@/lib/portal/review/time';
import { type Operator, portalContext, requireOperator } from '@/lib/portal/session';
import { CATEGORY_INFO, isBatteryCategory } from '@/lib/schema/categories';
import { BatchCard } from './BatchCard';

export const metadata: Metadata = { title: 'Review queue' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const categoryName = (code: string) => (isBatteryCategory(code) ? CATEGORY_INFO[code].name : code);

const columns: Column<QueueItem>[] = [
  {
    id: 'passport',
    header: 'Passport',
    cell: (item) => <Link href={`/portal/passports/${item.id}`}>{item.name}</Link>,
  },
  { id: 'category', header: 'Category', cell: (item) => categoryName(item.category) },
  {
    id: 'mode',
    header: 'Mode',
    cell: (item) => <span className={s.badge}>{item.mode === 'LIVE' ? 'Live' : 'Sandbox'}</span>,
  },
  {
    id: 'version',
    header: 'Version',
    cell: (item) =>
      item.version > 0
        ? `Revision: version ${item.version + 1} (public: ${item.version})`
        : 'First publication: version 1',
  },
  {
    id: 'submitted',
    header: 'Submitted',
    cell: (item) =>
      item.submittedAt ? (
        <time dateTime={item.submittedAt.toISOString()}>{portalTime(item.submittedAt)}</time>
      ) : (
        'Not recorded'
      ),
  },
];

/** Submitted passports, oldest submission first: what reviewers decide on next. */
export default async function ReviewQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw ? raw : undefined;
  const ctx = portalContext(operator);
  const [page, batches] = await Promise.all([loadPage(ctx, cursor), cursor ? [] : listReviewBatches({ ctx })]);
  return (
    <>
      <h1>Review queue</h1>
      <p>
        Passports submitted for review, oldest first. Approving one publishes its next version; rejecting sends it back
        to draft with your reason.
      </p>
      {batches.length > 0 ? (
        <>
          <Batches batches={batches} operator={operator} />
          <h2>Passports submitted one by one</h2>
        </>
      ) : null}
      {page === 'invalid-cursor' ? (
        <p role="alert" className={s.error}>
          That page link is not valid any more. <Link href="/portal/review">Go to the first page</Link>.
        </p>
      ) : (
        <DataTable
          caption={page.items.length === 1 ? '1 passport on this page' : `${page.items.length} passports on this page`}
          captionClassName="muted"
          columns={columns}
          rows={page.items}
          rowKey={(item) => item.id}
          empty={`Nothing awaits review${cursor ? ' on this page' : ''}.`}
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
function Batches({ batches, operator }: { batches: ReviewBatch[]; operator: Operator }) {
  const running = batches.some((b) => b.submitting || b.run?.status === 'QUEUED' || b.run?.status === 'RUNNING');
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading">Imported batches</h2>
      <RefreshWhile active={running} />
      {batches.map((batch) => (
        <BatchCard key={batch.importId} batch={batch} role={operator.role} />
      ))}
    </section>
  );
}
