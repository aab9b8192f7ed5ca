import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatBytes, formatTime } from '../labels';
import p from '../passports.module.css';
import { type PageParams, SectionPager } from './SectionPager';

/** Every published version with the fingerprint of its stored snapshot, newest first. */
export function VersionsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { versions, product } = detail;
  // Snapshots are served publicly only while the passport is published (or a revision of a published one).
  const served = product.urls.json !== null && product.publicState !== 'withdrawn';
  return (
    <section className={p.section} aria-labelledby="versions-title" id="versions">
      <h2 id="versions-title">Version history</h2>
      {versions.items.length === 0 ? (
        <EmptyState>Not published yet: each approval publishes a new version with its snapshot.</EmptyState>
      ) : (
        <div className={p.tableWrap}>
          <table className={s.table}>
            <caption className={p.visuallyHidden}>Published versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Published</th>
                <th scope="col">Snapshot SHA-256</th>
                <th scope="col">Bytes</th>
                <th scope="col">Schema</th>
              </tr>
            </thead>
            <tbody>
              {versions.items.map((v) => (
                <tr key={v.version} data-version={v.version}>
                  <td>
                    {served ? (
                      <a href={`/api/dpp/${encodeURIComponent(product.slug)}/v/${v.version}`}>Version {v.version}</a>
                    ) : (
                      `Version ${v.version}`
                    )}
                  </td>
                  <td>
                    <time dateTime={v.publishedAt.toISOString()}>{formatTime(v.publishedAt)}</time>
                  </td>
                  <td>
                    <code className={p.hash}>{v.sha256}</code>
                  </td>
                  <td title={formatBytes(v.byteLength)}>{v.byteLength}</td>
                  <td>v{v.schemaVersion}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SectionPager
        path={`/portal/passports/${product.id}`}
        params={params}
        name="versions"
        anchor="versions"
        next={versions.nextCursor}
        label="versions"
      />
    </section>
  );
}
