import { EmptyState } from '@/app/portal/components/EmptyState';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatNumber } from '@/lib/schema/value-format';
import { formatTime } from '../labels';
import p from '../passports.module.css';

type Counter = Exclude<keyof NonNullable<PassportDetail['counters']>, 'productId' | 'updatedAt'>;

const COUNTERS: { key: Counter; label: string; unit: string | null }[] = [
  { key: 'timeAtTempExtremeLowSec', label: 'Time at extreme low temperature', unit: 's' },
  { key: 'timeAtTempLowSec', label: 'Time at low temperature', unit: 's' },
  { key: 'timeAtTempHighSec', label: 'Time at high temperature', unit: 's' },
  { key: 'timeAtTempExtremeHighSec', label: 'Time at extreme high temperature', unit: 's' },
  { key: 'totalEnergyThroughputKwh', label: 'Total energy throughput', unit: 'kWh' },
  { key: 'totalEnergyThroughputAh', label: 'Total charge throughput', unit: 'Ah' },
  { key: 'deepDischargeEvents', label: 'Deep discharge events', unit: null },
];

/** The lifetime counters the battery-management system last reported (null: not measured yet). */
export function CountersSection({ detail }: { detail: PassportDetail }) {
  const { counters } = detail;
  return (
    <section className={p.section} aria-labelledby="counters-title" id="counters">
      <h2 id="counters-title">BMS lifetime counters</h2>
      {counters === null ? (
        <EmptyState>No telemetry yet: the counters appear after the first BMS update.</EmptyState>
      ) : (
        <>
          <dl className={p.summary} data-testid="lifetime-counters">
            {COUNTERS.map(({ key, label, unit }) => {
              const value = counters[key];
              return (
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>
                    {value === null ? <span className={p.missing}>Not measured</span> : formatNumber(value, unit)}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className={p.hint}>
            Last reported <time dateTime={counters.updatedAt.toISOString()}>{formatTime(counters.updatedAt)}</time>.
          </p>
        </>
      )}
    </section>
  );
}
