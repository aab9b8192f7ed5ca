import type { ReactNode } from 'react';
import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import { safeHref } from '@/lib/schema/value-format';
import { publicField, publicNumber, publicValue } from './public-values';
import styles from './viewer.module.css';

const RECYCLED_MATERIALS = ['cobalt', 'lithium', 'nickel', 'lead'] as const;
const RETURN_INFO_FIELDS = [
  'separate_collection_info_url',
  'collection_second_life_info_url',
  'waste_prevention_info_url',
];

interface Fact {
  key: string;
  label: string;
  value: ReactNode;
}

/** A field's value as the page writes it, when the field is public and has one. */
function scalar(passport: PublicPassport, i18n: I18n, id: string): string | null {
  const def = publicField(passport, id);
  const value = publicValue(passport, id);
  return def && value !== undefined ? i18n.fmt.formatScalar(def, value) : null;
}

/**
 * The facts people scan a battery for, first on the page (above the fold on a phone): chemistry, rated capacity and
 * energy, state of health with its date, carbon footprint per kWh with its class, recycled content, hazardous
 * substances (yes or no, the list one tap away) and how to return it. Only public fields; a fact without a value is
 * left out rather than shown empty.
 */
export function KeyFacts({ passport, i18n }: { passport: PublicPassport; i18n: I18n }) {
  const { t, fmt } = i18n;
  const facts: Fact[] = [];
  const add = (key: string, label: string, value: ReactNode | null) => {
    if (value !== null) facts.push({ key, label, value });
  };
  add('chemistry', t('viewer.facts.chemistry'), scalar(passport, i18n, 'battery_chemistry'));
  add('capacity', t('viewer.facts.capacity'), scalar(passport, i18n, 'rated_capacity_ah'));
  add('energy', t('viewer.facts.energy'), scalar(passport, i18n, 'rated_energy_kwh'));

  const soh = publicNumber(passport, 'current_soh_pct');
  const sohDate = publicValue(passport, 'soh_last_updated');
  add(
    'health',
    t('viewer.facts.health'),
    soh === null ? null : (
      <>
        {fmt.formatNumber(soh, '%')}
        {typeof sohDate === 'string' && (
          <span className={styles.factNote}> {t('viewer.facts.healthAsOf', { date: fmt.formatDate(sohDate) })}</span>
        )}
      </>
    ),
  );

  const carbon = publicNumber(passport, 'carbon_footprint_per_kwh');
  const carbonClass = publicValue(passport, 'carbon_footprint_performance_class');
  add(
    'carbon',
    t('viewer.facts.carbon'),
    carbon === null ? null : (
      <>
        {t('viewer.facts.carbonPerKwh', { value: fmt.formatNumber(carbon, null) })}
        {typeof carbonClass === 'string' && (
          <span className={styles.factNote}>, {t('viewer.facts.carbonClass', { class: carbonClass })}</span>
        )}
      </>
    ),
  );

  // Art. 8: the share recovered from manufacturing waste and from post-consumer waste, together.
  const recycled = RECYCLED_MATERIALS.flatMap((material) => {
    const shares = ['pre', 'post'].map((when) => publicNumber(passport, `recycled_${material}_${when}_consumer_pct`));
    if (shares.every((s) => s === null)) return [];
    const total = shares.reduce<number>((sum, s) => sum + (s ?? 0), 0);
    return [t('viewer.facts.recycledMaterial', { material, share: fmt.formatNumber(total, '%') })];
  });
  add('recycled', t('viewer.facts.recycled'), recycled.length > 0 ? recycled.join(', ') : null);

  const hazardousDef = publicField(passport, 'hazardous_substances');
  if (hazardousDef) {
    const list = publicValue(passport, 'hazardous_substances');
    const names = Array.isArray(list)
      ? list.map((s) => String((s as Record<string, unknown> | null)?.name ?? '')).filter((n) => n !== '')
      : [];
    add(
      'hazardous',
      t('viewer.facts.hazardous'),
      names.length === 0 ? (
        t('viewer.facts.hazardousNone')
      ) : (
        <details className={styles.factDetails}>
          <summary>{t('viewer.facts.hazardousSome', { count: names.length })}</summary>
          <ul>
            {names.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two substances may share a name; the list is rendered once
              <li key={i}>{name}</li>
            ))}
          </ul>
        </details>
      ),
    );
  }

  const returnHref = RETURN_INFO_FIELDS.map((id) => safeHref(publicValue(passport, id))).find((h) => h !== null);
  add(
    'return',
    t('viewer.facts.returnTitle'),
    returnHref ? (
      <a href={returnHref} rel="noopener nofollow">
        {t('viewer.facts.returnLink')}
      </a>
    ) : (
      t('viewer.facts.returnCollection')
    ),
  );

  return (
    <section className={styles.facts} aria-labelledby="facts-title" data-testid="key-facts">
      <h2 id="facts-title">{t('viewer.facts.title')}</h2>
      <dl>
        {facts.map((fact) => (
          <div key={fact.key} data-fact={fact.key}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
