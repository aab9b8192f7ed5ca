import { getI18n } from '@/lib/i18n/request';
import type { I18n } from '@/lib/i18n/translator';
import type { PublicLookup, PublicPassport } from '@/lib/passport/public/representations';
import { RESTRICTED_VIEW_ANCHOR } from '@/lib/poli/links';
import { passportUri } from '../passport-data';
import type { RestrictedViewData } from '../poli/restricted-view';
import { CarbonBreakdown, type CarbonStage } from './CarbonBreakdown';
import { Contents } from './Contents';
import { ContinuityNotice } from './ContinuityNotice';
import { EndOfLifeNotice } from './EndOfLifeNotice';
import { FieldSections } from './FieldSections';
import { HealthGauge } from './HealthGauge';
import { KeyFacts } from './KeyFacts';
import { LanguageSwitcher } from './LanguageSwitcher';
import { PassportFooter } from './PassportFooter';
import { PassportHeader } from './PassportHeader';
import { PoliRestrictedView } from './PoliRestrictedView';
import { publicNumber, publicValue } from './public-values';
import { RESTRICTED_ACCESS_ANCHOR, RestrictedInfo } from './RestrictedInfo';
import { ShareBox } from './ShareBox';
import { SignedBy } from './SignedBy';
import { SuccessionNotice } from './SuccessionNotice';
import { VersionHistory } from './VersionHistory';
import styles from './viewer.module.css';
import { WithdrawalNotice } from './WithdrawalNotice';

const CARBON_STAGES = [
  ['carbon_footprint_raw_material_share_pct', 'rawMaterials'],
  ['carbon_footprint_production_share_pct', 'production'],
  ['carbon_footprint_distribution_share_pct', 'distribution'],
  ['carbon_footprint_end_of_life_share_pct', 'endOfLife'],
] as const;

function carbonStages(passport: PublicPassport, { t }: I18n): CarbonStage[] {
  // Only EV and industrial passports carry a carbon footprint (the public DPP sets it to null otherwise).
  if (passport.dpp.carbonFootprint === null) return [];
  return CARBON_STAGES.flatMap(([id, stage]) => {
    const share = publicNumber(passport, id);
    return share === null ? [] : [{ label: t(`viewer.carbonChart.${stage}`), sharePct: share }];
  });
}

/**
 * The whole viewer for a found passport, in the reader's language: published data, or the withdrawal notice.
 * What people scan for comes first (identity, the key facts, the way to share it), then the sections folded behind a
 * table of contents. With `restricted` (a grant of this browser) the restricted fields come right after the key
 * facts, where the access link lands, and the request form gives way to them.
 */
export async function PassportView({
  lookup,
  restricted = null,
}: {
  lookup: Exclude<PublicLookup, { kind: 'not_found' }>;
  restricted?: RestrictedViewData | null;
}) {
  const i18n = await getI18n();
  const { passport } = lookup;
  const continuity = passport.dpp.continuity ? (
    <ContinuityNotice continuity={passport.dpp.continuity} i18n={i18n} />
  ) : null;
  if (lookup.kind === 'withdrawn') {
    return (
      <main className={styles.page}>
        <LanguageSwitcher i18n={i18n} />
        <PassportHeader passport={passport} status="withdrawn" i18n={i18n} />
        {continuity}
        {passport.dpp.endOfLife ? (
          <EndOfLifeNotice endOfLife={passport.dpp.endOfLife} ceased i18n={i18n} />
        ) : (
          <WithdrawalNotice withdrawal={lookup.withdrawal} i18n={i18n} />
        )}
        <VersionHistory passport={passport} linked={false} i18n={i18n} />
        <PassportFooter i18n={i18n} />
      </main>
    );
  }
  const soh = publicNumber(passport, 'current_soh_pct');
  const sohDate = publicValue(passport, 'soh_last_updated');
  const stages = carbonStages(passport, i18n);
  return (
    <main className={styles.page}>
      <LanguageSwitcher i18n={i18n} />
      <PassportHeader passport={passport} status="published" i18n={i18n} />
      <KeyFacts passport={passport} i18n={i18n} />
      {continuity}
      {passport.dpp.succession && <SuccessionNotice succession={passport.dpp.succession} i18n={i18n} />}
      {passport.dpp.endOfLife && <EndOfLifeNotice endOfLife={passport.dpp.endOfLife} i18n={i18n} />}
      {restricted && <PoliRestrictedView passport={passport} view={restricted} i18n={i18n} />}
      <ShareBox url={passportUri(passport)} name={passport.product.name} i18n={i18n} />
      <SignedBy passport={passport} i18n={i18n} />
      <Contents
        passport={passport}
        restrictedAnchor={restricted ? RESTRICTED_VIEW_ANCHOR : RESTRICTED_ACCESS_ANCHOR}
        i18n={i18n}
      />
      {(soh !== null || stages.length > 0) && (
        <section className={styles.highlights} aria-label={i18n.t('viewer.keyFigures')}>
          {soh !== null && (
            <HealthGauge sohPct={soh} measuredAt={typeof sohDate === 'string' ? sohDate : null} i18n={i18n} />
          )}
          {stages.length > 0 && (
            <CarbonBreakdown stages={stages} perKwh={publicNumber(passport, 'carbon_footprint_per_kwh')} i18n={i18n} />
          )}
        </section>
      )}
      <FieldSections passport={passport} i18n={i18n} />
      {!restricted && (
        <RestrictedInfo
          productId={passport.product.id}
          companyName={passport.product.companyName}
          path={passport.product.path}
          i18n={i18n}
        />
      )}
      <VersionHistory passport={passport} linked i18n={i18n} />
      <PassportFooter i18n={i18n} />
    </main>
  );
}
