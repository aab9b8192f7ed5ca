import { EmptyState } from '@/app/portal/components/EmptyState';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';

type Counter = Exclude<keyof NonNullable<PassportDetail['counters']>, 'productId' | 'updatedAt'>;

const COUNTERS: { key: Counter; unit: string | null }[] = [
  { key: 'timeAtTempExtremeLowSec', unit: 's' },
  { key: 'timeAtTempLowSec', unit: 's' },
  { key: 'timeAtTempHighSec', unit: 's' },
  { key: 'timeAtTempExtremeHighSec', unit: 's' },
  { key: 'totalEnergyThroughputKwh', unit: 'kWh' },
  { key: 'totalEnergyThroughputAh', unit: 'Ah' },
  { key: 'deepDischargeEvents', unit: null },
];

/** The lifetime counters the battery-management system last reported (null: not measured yet). */
export async function CountersSection({ detail }: { detail: PassportDetail }) {
  const { counters } = detail;
  const [t, l, { fmt }] = await Promise.all([portalT('passports'), portalLabels(), portalI18n()]);
  const label: Record<Counter, string> = {
    timeAtTempExtremeLowSec: t('counters.timeAtTempExtremeLow'),
    timeAtTempLowSec: t('counters.timeAtTempLow'),
    timeAtTempHighSec: t('counters.timeAtTempHigh'),
    timeAtTempExtremeHighSec: t('counters.timeAtTempExtremeHigh'),
    totalEnergyThroughputKwh: t('counters.energyThroughput'),
    totalEnergyThroughputAh: t('counters.chargeThroughput'),
    deepDischargeEvents: t('counters.deepDischargeEvents'),
  };
  return (
    <section className={p.section} aria-labelledby="counters-title" id="counters">
      <h2 id="counters-title">{t('counters.title')}</h2>
      {counters === null ? (
        <EmptyState>{t('counters.empty')}</EmptyState>
      ) : (
        <>
          <dl className={p.summary} data-testid="lifetime-counters">
            {COUNTERS.map(({ key, unit }) => {
              const value = counters[key];
              return (
                <div key={key}>
                  <dt>{label[key]}</dt>
                  <dd>
                    {value === null ? (
                      <span className={p.missing}>{t('counters.notMeasured')}</span>
                    ) : (
                      fmt.formatNumber(value, unit)
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className={p.hint}>
            {t('counters.lastReported')}{' '}
            <time dateTime={counters.updatedAt.toISOString()}>{l.time(counters.updatedAt)}</time>.
          </p>
        </>
      )}
    </section>
  );
}
