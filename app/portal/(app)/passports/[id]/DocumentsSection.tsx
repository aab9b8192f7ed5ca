import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { EmptyState } from '@/app/portal/components/EmptyState';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatBytes, formatTime } from '../labels';
import p from '../passports.module.css';
import { PagedSection, type PageParams } from './SectionPager';

type Document = NonNullable<PassportDetail['documents']>['items'][number];

/** Each file downloads through the portal's own session-checked address under the passport's page. */
const columns = (productId: string): Column<Document>[] => [
  {
    id: 'title',
    header: 'Title',
    cell: (d) => (
      <>
        {d.title}
        {d.language ? ` (${d.language})` : ''}
      </>
    ),
  },
  { id: 'type', header: 'Type', cell: (d) => d.documentType.replaceAll('_', ' ') },
  {
    id: 'file',
    header: 'File',
    cell: (d) => (
      <>
        <a href={`/portal/passports/${productId}/documents/${d.id}`} download={d.fileName}>
          {d.fileName}
        </a>
        <span className={p.hint}> {d.contentType}</span>
      </>
    ),
  },
  { id: 'size', header: 'Size', cell: (d) => formatBytes(d.byteLength) },
  { id: 'sha256', header: 'SHA-256', cell: (d) => <code title={d.sha256}>{d.sha256.slice(0, 12)}…</code> },
  {
    id: 'uploaded',
    header: 'Uploaded',
    cell: (d) => (d.createdAt ? <time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time> : '—'),
  },
];

/** Evidence documents, each downloaded through the portal's own session-checked address. */
export function DocumentsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { documents, product } = detail;
  return (
    <PagedSection id="documents" title="Documents" page={documents} productId={product.id} params={params}>
      {documents === null ? (
        <EmptyState>The company&apos;s plan does not include evidence documents.</EmptyState>
      ) : (
        <DataTable
          caption="Evidence documents, oldest first"
          columns={columns(product.id)}
          rows={documents.items}
          rowKey={(d) => d.id}
          rowAttributes={(d) => ({ 'data-document': d.id })}
          empty="No evidence documents yet. Integrations upload them through the Integration API."
          scrollable
        />
      )}
    </PagedSection>
  );
}
