import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import { publicGroups } from '@/lib/schema/public-fields';
import { groupAnchor } from './FieldSections';
import styles from './viewer.module.css';

/** The table of contents: each section by name, a jump that opens it; then the restricted part and the versions. */
export function Contents({
  passport,
  restrictedAnchor,
  i18n,
}: {
  passport: PublicPassport;
  restrictedAnchor: string | null;
  i18n: I18n;
}) {
  const { t } = i18n;
  return (
    <nav className={styles.toc} aria-labelledby="toc-title">
      <h2 id="toc-title">{t('viewer.toc.title')}</h2>
      <ul>
        {publicGroups(passport.schema).map(({ group }) => (
          <li key={group}>
            <a href={`#${groupAnchor(group)}`}>{i18n.group(group)}</a>
          </li>
        ))}
        {restrictedAnchor && (
          <li>
            <a href={`#${restrictedAnchor}`}>{t('viewer.toc.restricted')}</a>
          </li>
        )}
        <li>
          <a href="#versions-title">{t('viewer.toc.versions')}</a>
        </li>
        <li>
          <a href="#share">{t('viewer.toc.share')}</a>
        </li>
      </ul>
    </nav>
  );
}
