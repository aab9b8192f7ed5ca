import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatBytes, formatTime } from '../labels';
import p from '../passports.module.css';
import { PagedSection, type PageParams } from './SectionPager';

type Version = PassportDetail['versions']['items'][number];

/** `slug` when the stored snapshots are served publicly, so each version links to its own. */
const columns = (slug: string | null): Column<Version>[] => [
  {
    id: 'version',
    header: 'Version',
    cell: (v) =>
      slug !== null ? (
        <a href={`/api/dpp/${encodeURIComponent(slug)}/v/${v.version}`}>Version {v.version}</a>
      ) : (
        `Version ${v.version}`
      ),
  },
  {
    id: 'published',
    header: 'Published',
    cell: (v) => <time dateTime={v.publishedAt.toISOString()}>{formatTime(v.publishedAt)}</time>,
  },
  { id: 'sha256', header: 'Snapshot SHA-256', cell: (v) => <code className={p.hash}>{v.sha256}</code> },
  {
    id: 'bytes',
    header: 'Bytes',
    attributes: (v) => ({ title: formatBytes(v.byteLength) }),
    cell: (v) => v.byteLength,
  },
  { id: 'schema', header: 'Schema', cell: (v) => `v${v.schemaVersion}` },
];

/** Every published version with the fingerprint of its stored snapshot, newest first. */
export function VersionsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { versions, product } = detail;
  // Snapshots are served publicly only while the passport is published (or a revision of a published one).
  const served = product.urls.json !== null && product.publicState !== 'withdrawn';
  return (
    <PagedSection id="versions" title="Version history" page={versions} productId={product.id} params={params}>
      <DataTable
        caption="Published versions, newest first"
        columns={columns(served ? product.slug : null)}
        rows={versions.items}
        rowKey={(v) => v.version}
        rowAttributes={(v) => ({ 'data-version': v.version })}
        empty="Not published yet: each approval publishes a new version with its snapshot."
        scrollable
      />
    </PagedSection>
  );
}
