import type { PublicPassport } from '@/lib/passport/public/representations';
import { GROUP_TITLES, lastUpdatedFieldOf, publicGroups } from '@/lib/schema/public-fields';
import { formatDate, isMissing } from '@/lib/schema/value-format';
import { FieldValue } from './FieldValue';
import styles from './viewer.module.css';

/** Every public group of the passport as a section of label/value pairs; restricted fields never reach here. */
export function FieldSections({ passport }: { passport: PublicPassport }) {
  const { schema, fields } = passport;
  return (
    <>
      {publicGroups(schema).map(({ group, fields: defs }) => (
        <section key={group} className={styles.section} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{GROUP_TITLES[group]}</h2>
          <dl className={styles.fields}>
            {defs.map((field) => {
              const stamp = lastUpdatedFieldOf(schema, field);
              const updated = stamp ? fields[stamp.id] : undefined;
              return (
                <div key={field.id} className={styles.field} data-field={field.id}>
                  <dt>{field.label}</dt>
                  <dd>
                    <FieldValue field={field} value={fields[field.id]} />
                    {typeof updated === 'string' && !isMissing(updated) && (
                      <span className={styles.updated}>Last updated {formatDate(updated)}</span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </>
  );
}
