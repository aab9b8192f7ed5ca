import type { VersionSummary } from '@/lib/passport/public/representations';
import { formatDate, sha256Prefix } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * Every published version with its fingerprint. Snapshots are only served while the passport is published,
 * so a withdrawn passport lists its versions without links.
 */
export function VersionHistory({
  slug,
  versions,
  linked,
}: {
  slug: string;
  versions: VersionSummary[];
  linked: boolean;
}) {
  return (
    <section className={styles.section} aria-labelledby="versions-title">
      <h2 id="versions-title">Version history</h2>
      <ol className={styles.versions} reversed>
        {[...versions].reverse().map((v) => (
          <li key={v.version}>
            <span className={styles.versionName}>
              {linked ? (
                <a href={`/api/dpp/${encodeURIComponent(slug)}/v/${v.version}`}>Version {v.version}</a>
              ) : (
                `Version ${v.version}`
              )}
            </span>
            <span>
              Published <time dateTime={v.publishedAt}>{formatDate(v.publishedAt)}</time>
            </span>
            <span>
              SHA-256 <code title={v.sha256}>{sha256Prefix(v.sha256)}…</code>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
