import { TelemetryHistoryChart } from '@/app/(public)/components/TelemetryHistoryChart';
import { historySeries } from '@/lib/bms/history';
import { portalI18n } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';

/**
 * The history of dynamic data (Annex XIII point 4): state of health, capacity fade and cycle count over time, from
 * every report the battery-management system sent, drawn on the server like the restricted view's, in the operator's
 * language.
 */
export async function HistorySection({ detail }: { detail: PassportDetail }) {
  const points = await historySeries(detail.product.id);
  const i18n = await portalI18n();
  const rated = detail.formData.rated_capacity_ah;
  return (
    <section className={p.section} id="history">
      <TelemetryHistoryChart
        points={points}
        ratedCapacityAh={typeof rated === 'number' && rated > 0 ? rated : null}
        headingLevel={2}
        i18n={i18n}
      />
    </section>
  );
}
