import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { EmptyState } from '@/app/portal/components/EmptyState';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { PagedSection, type PageParams } from './SectionPager';

type Document = NonNullable<PassportDetail['documents']>['items'][number];

/** Each file downloads through the portal's own session-checked address under the passport's page. */
const columns = (productId: string, t: PortalTranslator, l: PortalLabels): Column<Document>[] => [
  {
    id: 'title',
    header: t('documents.titleColumn'),
    cell: (d) => (
      <>
        {d.title}
        {d.language ? ` (${d.language})` : ''}
      </>
    ),
  },
  { id: 'type', header: t('documents.type'), cell: (d) => d.documentType.replaceAll('_', ' ') },
  {
    id: 'file',
    header: t('documents.file'),
    cell: (d) => (
      <>
        <a href={`/portal/passports/${productId}/documents/${d.id}`} download={d.fileName}>
          {d.fileName}
        </a>
        <span className={p.hint}> {d.contentType}</span>
      </>
    ),
  },
  { id: 'size', header: t('documents.size'), cell: (d) => l.bytes(d.byteLength) },
  {
    id: 'sha256',
    header: t('documents.sha256'),
    cell: (d) => <code title={d.sha256}>{d.sha256.slice(0, 12)}…</code>,
  },
  {
    id: 'uploaded',
    header: t('documents.uploaded'),
    cell: (d) => (d.createdAt ? <time dateTime={d.createdAt}>{l.time(d.createdAt)}</time> : '—'),
  },
];

/** Evidence documents, each downloaded through the portal's own session-checked address. */
export async function DocumentsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const t = await portalT('passport');
  const l = await portalLabels();
  const { documents, product } = detail;
  return (
    <PagedSection
      id="documents"
      title={t('documents.title')}
      label={t('documents.pagerLabel')}
      page={documents}
      productId={product.id}
      params={params}
    >
      {documents === null ? (
        <EmptyState>{t('documents.notInPlan')}</EmptyState>
      ) : (
        <DataTable
          caption={t('documents.caption')}
          columns={columns(product.id, t, l)}
          rows={documents.items}
          rowKey={(d) => d.id}
          rowAttributes={(d) => ({ 'data-document': d.id })}
          empty={t('documents.empty')}
          scrollable
        />
      )}
    </PagedSection>
  );
}
