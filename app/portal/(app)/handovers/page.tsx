import type { Metadata } from 'next';
import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import { type HandoverView, listHandovers } from '@/lib/passport/handover/handover';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { REASON_LABELS, STATUS_LABELS } from './format';

export const metadata: Metadata = { title: 'Handovers' };

const columns = (direction: 'incoming' | 'outgoing'): Column<HandoverView>[] => [
  {
    id: 'passport',
    header: 'Passport',
    rowHeader: true,
    cell: (h) => <Link href={`/portal/handovers/${h.id}`}>{h.product.name}</Link>,
  },
  direction === 'incoming'
    ? { id: 'from', header: 'From', cell: (h) => h.fromCompany.name }
    : { id: 'to', header: 'To', cell: (h) => h.toCompany?.name ?? h.successorUri ?? '' },
  { id: 'reason', header: 'Reason', cell: (h) => REASON_LABELS[h.reason] },
  {
    id: 'status',
    header: 'Status',
    cell: (h) => <span className={s.badge}>{STATUS_LABELS[h.status]}</span>,
    attributes: (h) => ({ 'data-testid': `handover-status-${h.id}` }),
  },
  { id: 'offered', header: 'Offered', cell: (h) => <Time value={h.offeredAt} /> },
  { id: 'expires', header: 'Expires', cell: (h) => (h.status === 'offered' ? <Time value={h.expiresAt} /> : '') },
];

/** Passports offered to this company and offered by it (Art. 77(7) handovers), newest first. */
export default async function HandoversPage() {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const [incoming, outgoing] = await Promise.all([
    listHandovers({ ctx, input: { direction: 'incoming' } }),
    listHandovers({ ctx, input: { direction: 'outgoing' } }),
  ]);
  return (
    <>
      <h1>Handovers</h1>
      <p className="muted">
        A battery prepared for re-use, repurposed or remanufactured goes on under a new operator&apos;s passport linked
        to the original (Art. 77(7) of Regulation (EU) 2023/1542). Offers expire after 30 days.
      </p>
      <h2 id="incoming-heading">Offered to us</h2>
      <DataTable
        labelledBy="incoming-heading"
        columns={columns('incoming')}
        rows={incoming}
        rowKey={(h) => h.id}
        empty="No passport has been offered to your company."
        quietEmpty
      />
      <h2 id="outgoing-heading">Offered by us</h2>
      <DataTable
        labelledBy="outgoing-heading"
        columns={columns('outgoing')}
        rows={outgoing}
        rowKey={(h) => h.id}
        empty="Your company has not handed a passport over. Offer one from a published passport's page."
        quietEmpty
      />
    </>
  );
}
