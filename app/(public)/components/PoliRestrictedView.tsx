import type { PublicPassport } from '@/lib/passport/public/representations';
import type { BmsUpdateEntry } from '@/lib/poli/bms-history';
import { grantedGroups } from '@/lib/poli/restricted-fields';
import { roleInfo, TIER_LABELS } from '@/lib/poli/roles';
import { GROUP_TITLES } from '@/lib/schema/public-fields';
import { formatDate } from '@/lib/schema/value-format';
import type { RestrictedViewData } from '../poli/restricted-view';
import styles from './Poli.module.css';
import { PoliFieldValue } from './PoliFieldValue';
import { TelemetryHistoryChart } from './TelemetryHistoryChart';
import viewer from './viewer.module.css';

/**
 * The restricted fields this browser's grant opens (the Annex XIII points of the requester's role), framed and
 * labelled as restricted, with the grant's expiry and a sign-out; grants that open the individual battery (point 4)
 * also see its history of dynamic data as charts, authority grants the passport's BMS updates.
 */
export function PoliRestrictedView({ passport, view }: { passport: PublicPassport; view: RestrictedViewData }) {
  const { grant } = view;
  const expires = grant.expiresAt.toISOString();
  return (
    <section
      id="restricted-view"
      className={styles.restricted}
      aria-labelledby="restricted-view-title"
      data-restricted-tier={grant.tier}
      data-restricted-role={grant.role}
      data-annex-points={roleInfo(grant.role).points.join(' ')}
    >
      <h2 id="restricted-view-title">
        Restricted information <span className={styles.badge}>Restricted: {TIER_LABELS[grant.tier]}</span>
      </h2>
      <p className={styles.grantLine}>
        {passport.product.companyName} granted this browser access to the restricted information of this passport (
        {TIER_LABELS[grant.tier]}) until <time dateTime={expires}>{formatDate(expires)}</time>. Use it only for the
        purpose of your request.
      </p>
      <form method="post" action="/api/poli/sign-out" className={styles.signOutForm}>
        <input type="hidden" name="productId" value={passport.product.id} />
        <button type="submit" className={styles.signOut}>
          Sign out of restricted access
        </button>
      </form>
      {grantedGroups(passport.schema, grant.role).map(({ group, fields }) => (
        <section key={group} aria-labelledby={`restricted-group-${group}`}>
          <h3 id={`restricted-group-${group}`}>{GROUP_TITLES[group]}</h3>
          <dl className={viewer.fields}>
            {fields.map((field) => (
              <div key={field.id} className={viewer.field} data-field={field.id} data-access={field.access}>
                <dt>{field.label}</dt>
                <dd>
                  <PoliFieldValue field={field} value={passport.fields[field.id]} role={grant.role} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {view.history && <TelemetryHistoryChart points={view.history} ratedCapacityAh={ratedCapacity(passport)} />}
      {view.bmsUpdates && <BmsUpdates entries={view.bmsUpdates} />}
    </section>
  );
}

/** The rated capacity the capacity fade is measured against (a public field of the passport). */
function ratedCapacity(passport: PublicPassport): number | null {
  const value = passport.fields.rated_capacity_ah;
  return typeof value === 'number' && value > 0 ? value : null;
}

function BmsUpdates({ entries }: { entries: BmsUpdateEntry[] }) {
  return (
    <section aria-labelledby="restricted-bms-title" data-bms-updates>
      <h3 id="restricted-bms-title">Battery-management system updates</h3>
      {entries.length === 0 ? (
        <p>No updates from the battery-management system yet.</p>
      ) : (
        <ol className={styles.list}>
          {entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two updates may share a time; the list is rendered once
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{formatDate(e.at)}</time>
              <span>Applied: {e.appliedKeys.length > 0 ? e.appliedKeys.join(', ') : 'none'}</span>
              {e.rejectedKeys.length > 0 && <span>Rejected: {e.rejectedKeys.join(', ')}</span>}
              <span>Lifetime counters {e.counterUpdated ? 'updated' : 'unchanged'}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
