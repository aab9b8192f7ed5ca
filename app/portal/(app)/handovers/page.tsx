import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import { type HandoverView, listHandovers } from '@/lib/passport/handover/handover';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { portalContext, requireOperator } from '@/lib/portal/session';

export async function generateMetadata() {
  const t = await portalT('access');
  return { title: t('handovers.title') };
}

const columns = (t: PortalTranslator, direction: 'incoming' | 'outgoing'): Column<HandoverView>[] => [
  {
    id: 'passport',
    header: t('handovers.column.passport'),
    rowHeader: true,
    cell: (h) => <Link href={`/portal/handovers/${h.id}`}>{h.product.name}</Link>,
  },
  direction === 'incoming'
    ? { id: 'from', header: t('handovers.column.from'), cell: (h) => h.fromCompany.name }
    : { id: 'to', header: t('handovers.column.to'), cell: (h) => h.toCompany?.name ?? h.successorUri ?? '' },
  { id: 'reason', header: t('handovers.column.reason'), cell: (h) => t(`handover.reason.${h.reason}`) },
  {
    id: 'status',
    header: t('handovers.column.status'),
    cell: (h) => <span className={s.badge}>{t(`handover.status.${h.status}`)}</span>,
    attributes: (h) => ({ 'data-testid': `handover-status-${h.id}` }),
  },
  { id: 'offered', header: t('handovers.column.offered'), cell: (h) => <Time value={h.offeredAt} /> },
  {
    id: 'expires',
    header: t('handovers.column.expires'),
    cell: (h) => (h.status === 'offered' ? <Time value={h.expiresAt} /> : ''),
  },
];

/** Passports offered to this company and offered by it (Art. 77(7) handovers), newest first. */
export default async function HandoversPage() {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const t = await portalT('access');
  const [incoming, outgoing] = await Promise.all([
    listHandovers({ ctx, input: { direction: 'incoming' } }),
    listHandovers({ ctx, input: { direction: 'outgoing' } }),
  ]);
  return (
    <>
      <h1>{t('handovers.title')}</h1>
      <p className="muted">{t('handovers.intro')}</p>
      <h2 id="incoming-heading">{t('handovers.incoming')}</h2>
      <DataTable
        labelledBy="incoming-heading"
        columns={columns(t, 'incoming')}
        rows={incoming}
        rowKey={(h) => h.id}
        empty={t('handovers.emptyIncoming')}
        quietEmpty
      />
      <h2 id="outgoing-heading">{t('handovers.outgoing')}</h2>
      <DataTable
        labelledBy="outgoing-heading"
        columns={columns(t, 'outgoing')}
        rows={outgoing}
        rowKey={(h) => h.id}
        empty={t('handovers.emptyOutgoing')}
        quietEmpty
      />
    </>
  );
}
