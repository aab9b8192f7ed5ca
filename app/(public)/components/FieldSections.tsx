import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import { lastUpdatedFieldOf, publicGroups } from '@/lib/schema/public-fields';
import { isMissing } from '@/lib/schema/value-format';
import { FieldValue } from './FieldValue';
import styles from './viewer.module.css';

/** The anchor of a group's section: the table of contents jumps there (and opens it). */
export const groupAnchor = (group: string) => `group-${group}`;

/**
 * Every public group of the passport as a collapsible section of label/value pairs, folded so the page stays short
 * on a phone; restricted fields never reach here. The anchor sits inside the fold: following a link to it opens the
 * section (browsers open a closed <details> that holds the target of a fragment).
 */
export function FieldSections({ passport, i18n }: { passport: PublicPassport; i18n: I18n }) {
  const { schema, fields } = passport;
  const { t, fmt } = i18n;
  return (
    <>
      {publicGroups(schema).map(({ group, fields: defs }) => (
        <details key={group} className={styles.section} data-group={group}>
          <summary>
            <h2 className={styles.sectionTitle}>{i18n.group(group)}</h2>
            <span className={styles.sectionCount}>{t('viewer.section.fieldCount', { count: defs.length })}</span>
          </summary>
          <dl className={styles.fields} id={groupAnchor(group)} aria-label={i18n.group(group)}>
            {defs.map((field) => {
              const stamp = lastUpdatedFieldOf(schema, field);
              const updated = stamp ? fields[stamp.id] : undefined;
              const help = i18n.help(field);
              return (
                <div key={field.id} className={styles.field} data-field={field.id}>
                  <dt>
                    {i18n.label(field)}
                    {help && <span className={styles.help}>{help}</span>}
                  </dt>
                  <dd>
                    <FieldValue field={field} value={fields[field.id]} i18n={i18n} />
                    {typeof updated === 'string' && !isMissing(updated) && (
                      <span className={styles.updated}>
                        {t('viewer.section.lastUpdated', { date: fmt.formatDate(updated) })}
                      </span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </details>
      ))}
    </>
  );
}
