import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { type PortalLabels, portalLabels } from '@/lib/portal/labels';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { PagedSection, type PageParams } from './SectionPager';

type Version = PassportDetail['versions']['items'][number];

/** `slug` when the stored snapshots are served publicly, so each version links to its own. */
const columns = (slug: string | null, t: PortalTranslator, l: PortalLabels): Column<Version>[] => [
  {
    id: 'version',
    header: t('versions.version'),
    cell: (v) => {
      const name = t('versions.versionNumber', { version: String(v.version) });
      return slug !== null ? <a href={`/api/dpp/${encodeURIComponent(slug)}/v/${v.version}`}>{name}</a> : name;
    },
  },
  {
    id: 'published',
    header: t('versions.published'),
    cell: (v) => <time dateTime={v.publishedAt.toISOString()}>{l.time(v.publishedAt)}</time>,
  },
  { id: 'sha256', header: t('versions.sha256'), cell: (v) => <code className={p.hash}>{v.sha256}</code> },
  {
    id: 'bytes',
    header: t('versions.bytes'),
    attributes: (v) => ({ title: l.bytes(v.byteLength) }),
    cell: (v) => v.byteLength,
  },
  { id: 'schema', header: t('versions.schema'), cell: (v) => `v${v.schemaVersion}` },
];

/** Every published version with the fingerprint of its stored snapshot, newest first. */
export async function VersionsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const t = await portalT('passport');
  const l = await portalLabels();
  const { versions, product } = detail;
  // Snapshots are served publicly only while the passport is published (or a revision of a published one).
  const served = product.urls.json !== null && product.publicState !== 'withdrawn';
  return (
    <PagedSection
      id="versions"
      title={t('versions.title')}
      label={t('versions.pagerLabel')}
      page={versions}
      productId={product.id}
      params={params}
    >
      <DataTable
        caption={t('versions.caption')}
        columns={columns(served ? product.slug : null, t, l)}
        rows={versions.items}
        rowKey={(v) => v.version}
        rowAttributes={(v) => ({ 'data-version': v.version })}
        empty={t('versions.empty')}
        scrollable
      />
    </PagedSection>
  );
}
