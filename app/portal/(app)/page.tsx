import type { Metadata } from 'next';
import { loadAttention } from '@/lib/portal/dashboard/attention';
import { BMS_CHART_DAYS, bmsUpdatesPerDay, passportsByCategory, passportsByState } from '@/lib/portal/dashboard/charts';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { AttentionCards, type AttentionItem } from './_dashboard/AttentionCards';
import { BarChart } from './_dashboard/BarChart';
import c from './_dashboard/charts.module.css';
import { DailyChart } from './_dashboard/DailyChart';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await portalT('dashboard'))('title') };
}

export default async function DashboardPage() {
  const operator = await requireOperator();
  const ctx = portalContext(operator);
  const [t, l] = await Promise.all([portalT('dashboard'), portalLabels()]);
  const [attention, byState, byCategory, bmsDays] = await Promise.all([
    loadAttention({ ctx }),
    passportsByState({ ctx, label: l.state }),
    passportsByCategory({ ctx, label: (code, name) => (code in l.options.category ? l.category(code) : name) }),
    bmsUpdatesPerDay({ ctx }),
  ]);
  const item = (count: number, key: string, href: string): AttentionItem => ({
    count,
    text: t(`attention.${key}`, { count }),
    href,
  });
  const items: AttentionItem[] = [
    item(attention.submittedPassports, 'submitted', '/portal/review'),
    item(attention.pendingAccessRequests, 'accessRequests', '/portal/access-requests'),
    item(attention.failedRegistrations, 'failedRegistrations', '/portal/passports?registry=failed'),
    item(attention.retryingRegistrations, 'retryingRegistrations', '/portal/passports?registry=pending'),
    // Keys and webhooks are managed by admins only; the others would land on a page they cannot use.
    ...(hasRole(operator, PORTAL_ROLES.admin)
      ? [
          item(attention.failingWebhooks, 'failingWebhooks', '/portal/webhooks'),
          item(attention.expiringKeys, 'expiringKeys', '/portal/keys'),
        ]
      : []),
  ];
  const total = byState.reduce((sum, p) => sum + p.value, 0);
  const bmsTotal = bmsDays.reduce((sum, p) => sum + p.value, 0);
  return (
    <>
      <h1>{t('title')}</h1>
      <section aria-labelledby="attention-heading">
        <h2 id="attention-heading">{t('attention.heading')}</h2>
        <AttentionCards items={items} none={t('attention.none')} />
      </section>
      <section aria-labelledby="passports-heading">
        <h2 id="passports-heading">{t('passports.heading')}</h2>
        <p className={c.total}>{t('passports.total', { count: total })}</p>
        <div className={c.charts}>
          <div>
            <h3>{t('passports.byState')}</h3>
            <BarChart id="chart-state" title={t('passports.byStateTitle')} points={byState} />
          </div>
          <div>
            <h3>{t('passports.byCategory')}</h3>
            <BarChart id="chart-category" title={t('passports.byCategoryTitle')} points={byCategory} />
          </div>
        </div>
      </section>
      <section aria-labelledby="bms-heading">
        <h2 id="bms-heading">{t('bms.heading')}</h2>
        <p className={c.total}>{t('bms.total', { count: bmsTotal, days: BMS_CHART_DAYS })}</p>
        <DailyChart id="chart-bms" title={t('bms.title', { days: BMS_CHART_DAYS })} points={bmsDays} />
      </section>
    </>
  );
}
