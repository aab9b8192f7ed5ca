import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatBytes, formatTime } from '../labels';
import p from '../passports.module.css';
import { type PageParams, SectionPager } from './SectionPager';

/** Evidence documents, each downloaded through the portal's own session-checked address. */
export function DocumentsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { documents, product } = detail;
  return (
    <section className={p.section} aria-labelledby="documents-title" id="documents">
      <h2 id="documents-title">Documents</h2>
      {documents === null ? (
        <EmptyState>The company&apos;s plan does not include evidence documents.</EmptyState>
      ) : documents.items.length === 0 ? (
        <EmptyState>No evidence documents yet. Integrations upload them through the Integration API.</EmptyState>
      ) : (
        <div className={p.tableWrap}>
          <table className={s.table}>
            <caption className={p.visuallyHidden}>Evidence documents, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">File</th>
                <th scope="col">Size</th>
                <th scope="col">SHA-256</th>
                <th scope="col">Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {documents.items.map((d) => (
                <tr key={d.id} data-document={d.id}>
                  <td>
                    {d.title}
                    {d.language ? ` (${d.language})` : ''}
                  </td>
                  <td>{d.documentType.replaceAll('_', ' ')}</td>
                  <td>
                    <a href={`/portal/passports/${product.id}/documents/${d.id}`} download={d.fileName}>
                      {d.fileName}
                    </a>
                    <span className={p.hint}> {d.contentType}</span>
                  </td>
                  <td>{formatBytes(d.byteLength)}</td>
                  <td>
                    <code title={d.sha256}>{d.sha256.slice(0, 12)}…</code>
                  </td>
                  <td>{d.createdAt ? <time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SectionPager
        path={`/portal/passports/${product.id}`}
        params={params}
        name="documents"
        anchor="documents"
        next={documents?.nextCursor ?? null}
        label="documents"
      />
    </section>
  );
}
