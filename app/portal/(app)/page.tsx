import type { Metadata } from 'next';
import { loadAttention } from '@/lib/portal/dashboard/attention';
import { BMS_CHART_DAYS, bmsUpdatesPerDay, passportsByCategory, passportsByState } from '@/lib/portal/dashboard/charts';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { AttentionCards, type AttentionItem } from './_dashboard/AttentionCards';
import { BarChart } from './_dashboard/BarChart';
import c from './_dashboard/charts.module.css';
import { DailyChart } from './_dashboard/DailyChart';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const [attention, byState, byCategory, bmsDays] = await Promise.all([
    loadAttention({ ctx }),
    passportsByState({ ctx }),
    passportsByCategory({ ctx }),
    bmsUpdatesPerDay({ ctx }),
  ]);
  const items: AttentionItem[] = [
    {
      count: attention.submittedPassports,
      one: 'passport awaiting review',
      many: 'passports awaiting review',
      href: '/portal/review',
    },
    {
      count: attention.pendingAccessRequests,
      one: 'access request awaiting a decision',
      many: 'access requests awaiting a decision',
      href: '/portal/access-requests',
    },
    {
      count: attention.failedRegistrations,
      one: 'passport failed EU registry registration',
      many: 'passports failed EU registry registration',
      href: '/portal/passports?registry=failed',
    },
    {
      count: attention.retryingRegistrations,
      one: 'EU registry registration being retried',
      many: 'EU registry registrations being retried',
      href: '/portal/passports?registry=pending',
    },
    // Keys and webhooks are managed by admins only; the others would land on a page they cannot use.
    ...(hasRole(operator, PORTAL_ROLES.admin)
      ? [
          {
            count: attention.failingWebhooks,
            one: 'webhook endpoint failing',
            many: 'webhook endpoints failing',
            href: '/portal/webhooks',
          },
          {
            count: attention.expiringKeys,
            one: 'API key expiring within 14 days',
            many: 'API keys expiring within 14 days',
            href: '/portal/keys',
          },
        ]
      : []),
  ];
  const total = byState.reduce((sum, p) => sum + p.value, 0);
  const bmsTotal = bmsDays.reduce((sum, p) => sum + p.value, 0);
  return (
    <>
      <h1>Dashboard</h1>
      <section aria-labelledby="attention-heading">
        <h2 id="attention-heading">Needs your attention</h2>
        <AttentionCards items={items} />
      </section>
      <section aria-labelledby="passports-heading">
        <h2 id="passports-heading">Passports</h2>
        <p className={c.total}>{total === 1 ? '1 passport' : `${total} passports`}, live and sandbox.</p>
        <div className={c.charts}>
          <div>
            <h3>By state</h3>
            <BarChart id="chart-state" title="Passports by state" points={byState} />
          </div>
          <div>
            <h3>By category</h3>
            <BarChart id="chart-category" title="Passports by category" points={byCategory} />
          </div>
        </div>
      </section>
      <section aria-labelledby="bms-heading">
        <h2 id="bms-heading">BMS updates per day</h2>
        <p className={c.total}>
          {bmsTotal === 1 ? '1 accepted report' : `${bmsTotal} accepted reports`} over the last {BMS_CHART_DAYS} days
          (UTC days, today on the right).
        </p>
        <DailyChart id="chart-bms" title={`BMS updates per day, last ${BMS_CHART_DAYS} days`} points={bmsDays} />
      </section>
    </>
  );
}
