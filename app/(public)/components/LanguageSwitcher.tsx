import { endonym, LOCALES, type Locale } from '@/lib/i18n/locales';
import type { I18n } from '@/lib/i18n/translator';
import styles from './viewer.module.css';

/**
 * The page in each official EU language: plain links to this same address with `?lang=` (no script; the passport
 * stays), each named in its own language, folded behind the current one.
 */
export function LanguageSwitcher({ i18n }: { i18n: I18n }) {
  const current: Locale = i18n.locale;
  return (
    <nav className={styles.languages} aria-label={i18n.t('language.label')}>
      <details>
        <summary title={i18n.t('language.choose')}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" className={styles.globe}>
            <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path
              d="M2.5 12h19M12 2.5c2.6 2.8 3.9 6 3.9 9.5s-1.3 6.7-3.9 9.5c-2.6-2.8-3.9-6-3.9-9.5s1.3-6.7 3.9-9.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
          {endonym(current)}
        </summary>
        <ul>
          {LOCALES.map((locale) => (
            <li key={locale}>
              <a
                href={`?lang=${locale}`}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
              >
                {endonym(locale)}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
