import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { prisma } from '@/lib/db/client';
import { portalT } from '@/lib/portal/i18n';
import { findPassport, loadPassportDetail } from '@/lib/portal/passports/detail';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { PassportHeader } from './PassportHeader';
import { PassportTabs, tabLabels } from './PassportTabs';
import type { PageParams } from './SectionPager';
import { TabPanel } from './TabPanel';
import { passportTab } from './tabs';

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGED_SECTIONS = ['documents', 'components', 'traceability', 'versions'] as const;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const operator = await requireOperator();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const product = await findPassport(prisma, portalContext(operator), id);
  const t = await portalT('passports');
  if (!product) return { title: t('page.notFound') };
  const tab = passportTab(query.tab);
  return {
    title:
      tab === 'overview' ? product.name : t('page.tabTitle', { tab: (await tabLabels())[tab], name: product.name }),
  };
}

/**
 * One passport of the operator's company, in tabs (`?tab=`, overview without one) under a header every tab shares;
 * another company's id, or one that is not an id at all, is a 404.
 */
export default async function PassportPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const tab = passportTab(query.tab);
  const pages: PageParams = Object.fromEntries(
    PAGED_SECTIONS.map((name) => [name, typeof query[name] === 'string' ? query[name] : undefined]),
  );
  const detail = await loadPassportDetail({ ctx: portalContext(operator), input: { productId: id, pages } });
  if (!detail) notFound();
  return (
    <>
      <PassportHeader product={detail.product} />
      <PassportTabs productId={detail.product.id} current={tab} />
      <TabPanel
        tab={tab}
        detail={detail}
        operator={operator}
        params={{ ...pages, tab: tab === 'overview' ? undefined : tab }}
      />
    </>
  );
}
