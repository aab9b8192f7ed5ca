import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import type { BmsUpdateEntry } from '@/lib/poli/bms-history';
import { RESTRICTED_VIEW_ANCHOR } from '@/lib/poli/links';
import { grantedGroups } from '@/lib/poli/restricted-fields';
import { roleInfo } from '@/lib/poli/roles';
import type { RestrictedViewData } from '../poli/restricted-view';
import styles from './Poli.module.css';
import { PoliFieldValue } from './PoliFieldValue';
import { TelemetryHistoryChart } from './TelemetryHistoryChart';
import viewer from './viewer.module.css';

/**
 * The restricted fields this browser's grant opens (the Annex XIII points of the requester's role), framed and
 * labelled as restricted. The access link lands here: a banner first says what was granted and until when, then a
 * sign-out; grants that open the individual battery (point 4) also see its history of dynamic data as charts,
 * authority grants the passport's BMS updates.
 */
export function PoliRestrictedView({
  passport,
  view,
  i18n,
}: {
  passport: PublicPassport;
  view: RestrictedViewData;
  i18n: I18n;
}) {
  const { t, fmt } = i18n;
  const { grant } = view;
  const expires = grant.expiresAt.toISOString();
  const tier = t(`poli.tiers.${grant.tier}`);
  const company = passport.product.companyName;
  return (
    <section
      id={RESTRICTED_VIEW_ANCHOR}
      className={styles.restricted}
      aria-labelledby="restricted-view-title"
      data-restricted-tier={grant.tier}
      data-restricted-role={grant.role}
      data-annex-points={roleInfo(grant.role).points.join(' ')}
    >
      <div className={styles.grantBanner} role="status" data-testid="grant-banner">
        <p className={styles.grantBannerTitle}>{t('poli.granted.banner', { tier })}</p>
        <p>
          <time dateTime={expires}>{t('poli.granted.bannerText', { company, date: fmt.formatDate(expires) })}</time>
        </p>
      </div>
      <h2 id="restricted-view-title">
        {t('poli.title')} <span className={styles.badge}>{t('poli.granted.badge', { tier })}</span>
      </h2>
      <p className={styles.grantLine}>{t('poli.granted.line', { company, tier, date: fmt.formatDate(expires) })}</p>
      <form method="post" action="/api/poli/sign-out" className={styles.signOutForm}>
        <input type="hidden" name="productId" value={passport.product.id} />
        <button type="submit" className={styles.signOut}>
          {t('poli.granted.signOut')}
        </button>
      </form>
      {grantedGroups(passport.schema, grant.role).map(({ group, fields }) => (
        <section key={group} aria-labelledby={`restricted-group-${group}`}>
          <h3 id={`restricted-group-${group}`}>{i18n.group(group)}</h3>
          <dl className={viewer.fields}>
            {fields.map((field) => (
              <div key={field.id} className={viewer.field} data-field={field.id} data-access={field.access}>
                <dt>{i18n.label(field)}</dt>
                <dd>
                  <PoliFieldValue field={field} value={passport.fields[field.id]} role={grant.role} i18n={i18n} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {view.history && (
        <TelemetryHistoryChart points={view.history} ratedCapacityAh={ratedCapacity(passport)} i18n={i18n} />
      )}
      {view.bmsUpdates && <BmsUpdates entries={view.bmsUpdates} i18n={i18n} />}
    </section>
  );
}

/** The rated capacity the capacity fade is measured against (a public field of the passport). */
function ratedCapacity(passport: PublicPassport): number | null {
  const value = passport.fields.rated_capacity_ah;
  return typeof value === 'number' && value > 0 ? value : null;
}

function BmsUpdates({ entries, i18n }: { entries: BmsUpdateEntry[]; i18n: I18n }) {
  const { t, fmt } = i18n;
  return (
    <section aria-labelledby="restricted-bms-title" data-bms-updates>
      <h3 id="restricted-bms-title">{t('poli.bms.title')}</h3>
      {entries.length === 0 ? (
        <p>{t('poli.bms.none')}</p>
      ) : (
        <ol className={styles.list}>
          {entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two updates may share a time; the list is rendered once
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{fmt.formatDate(e.at)}</time>
              <span>
                {t('poli.bms.applied', {
                  keys: e.appliedKeys.length > 0 ? e.appliedKeys.join(', ') : t('poli.bms.nothing'),
                })}
              </span>
              {e.rejectedKeys.length > 0 && <span>{t('poli.bms.rejected', { keys: e.rejectedKeys.join(', ') })}</span>}
              <span>{e.counterUpdated ? t('poli.bms.countersUpdated') : t('poli.bms.countersUnchanged')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
