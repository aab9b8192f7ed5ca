import type { PublicLookup, PublicPassport } from '@/lib/passport/public/representations';
import { isPublic, numberField } from '@/lib/schema/public-fields';
import { passportUri } from '../passport-data';
import type { RestrictedViewData } from '../poli/restricted-view';
import { CarbonBreakdown, type CarbonStage } from './CarbonBreakdown';
import { ContinuityNotice } from './ContinuityNotice';
import { EndOfLifeNotice } from './EndOfLifeNotice';
import { FieldSections } from './FieldSections';
import { HealthGauge } from './HealthGauge';
import { PassportFooter } from './PassportFooter';
import { PassportHeader } from './PassportHeader';
import { PassportQr } from './PassportQr';
import { PoliRestrictedView } from './PoliRestrictedView';
import { RestrictedInfo } from './RestrictedInfo';
import { SignedBy } from './SignedBy';
import { SuccessionNotice } from './SuccessionNotice';
import { VersionHistory } from './VersionHistory';
import styles from './viewer.module.css';
import { WithdrawalNotice } from './WithdrawalNotice';

const CARBON_STAGES: [string, string][] = [
  ['carbon_footprint_raw_material_share_pct', 'Raw materials'],
  ['carbon_footprint_production_share_pct', 'Production'],
  ['carbon_footprint_distribution_share_pct', 'Distribution'],
  ['carbon_footprint_end_of_life_share_pct', 'End of life and recycling'],
];

/** A field's number only when the schema makes it public: charts must not leak what the sections hide. */
function publicNumber(passport: PublicPassport, id: string): number | null {
  const def = passport.schema.fields.find((f) => f.id === id);
  return def && isPublic(def) ? numberField(passport.fields, id) : null;
}

function carbonStages(passport: PublicPassport): CarbonStage[] {
  // Only EV and industrial passports carry a carbon footprint (the public DPP sets it to null otherwise).
  if (passport.dpp.carbonFootprint === null) return [];
  return CARBON_STAGES.flatMap(([id, label]) => {
    const share = publicNumber(passport, id);
    return share === null ? [] : [{ label, sharePct: share }];
  });
}

/**
 * The whole viewer for a found passport: published data, or the withdrawal notice. With `restricted` (a grant of
 * this browser) the restricted fields follow the public ones and the request form gives way to them.
 */
export function PassportView({
  lookup,
  restricted = null,
}: {
  lookup: Exclude<PublicLookup, { kind: 'not_found' }>;
  restricted?: RestrictedViewData | null;
}) {
  const { passport } = lookup;
  const continuity = passport.dpp.continuity ? <ContinuityNotice continuity={passport.dpp.continuity} /> : null;
  if (lookup.kind === 'withdrawn') {
    return (
      <main className={styles.page}>
        <PassportHeader passport={passport} status="withdrawn" />
        {continuity}
        {passport.dpp.endOfLife ? (
          <EndOfLifeNotice endOfLife={passport.dpp.endOfLife} ceased />
        ) : (
          <WithdrawalNotice withdrawal={lookup.withdrawal} />
        )}
        <VersionHistory slug={passport.product.slug} versions={passport.versions} linked={false} />
        <PassportFooter />
      </main>
    );
  }
  const soh = publicNumber(passport, 'current_soh_pct');
  const stages = carbonStages(passport);
  return (
    <main className={styles.page}>
      <PassportHeader passport={passport} status="published" />
      {continuity}
      {passport.dpp.succession && <SuccessionNotice succession={passport.dpp.succession} />}
      {passport.dpp.endOfLife && <EndOfLifeNotice endOfLife={passport.dpp.endOfLife} />}
      <SignedBy passport={passport} />
      {(soh !== null || stages.length > 0) && (
        <section className={styles.highlights} aria-label="Key figures">
          {soh !== null && <HealthGauge sohPct={soh} />}
          {stages.length > 0 && <CarbonBreakdown stages={stages} />}
        </section>
      )}
      <FieldSections passport={passport} />
      {restricted && <PoliRestrictedView passport={passport} view={restricted} />}
      <VersionHistory slug={passport.product.slug} versions={passport.versions} linked />
      <PassportQr url={passportUri(passport)} />
      {!restricted && <RestrictedInfo productId={passport.product.id} companyName={passport.product.companyName} />}
      <PassportFooter />
    </main>
  );
}
