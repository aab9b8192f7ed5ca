import { portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { hasRole, type Operator, PORTAL_ROLES } from '@/lib/portal/session';
import { AuditSection } from './AuditSection';
import { CountersSection } from './CountersSection';
import { DocumentsSection } from './DocumentsSection';
import { FormDataSection } from './FormDataSection';
import { HandoverPanel } from './HandoverPanel';
import { HistorySection } from './HistorySection';
import { LifecyclePanel } from './LifecyclePanel';
import { ModelSection } from './ModelSection';
import { QrSection } from './QrSection';
import { ReadinessSection } from './ReadinessSection';
import { RegistrySection } from './RegistrySection';
import { RelationsSection } from './RelationsSection';
import { SchemaUpgradeNotice } from './SchemaUpgradeNotice';
import type { PageParams } from './SectionPager';
import type { PassportTab } from './tabs';
import { VersionsSection } from './VersionsSection';

interface TabProps {
  detail: PassportDetail;
  operator: Operator;
  /** The paged lists' positions, with the tab so a page link stays on it. */
  params: PageParams;
}

async function editability(operator: Operator, product: PassportDetail['product']) {
  const t = await portalT('passports');
  if (product.isDemo) return t('edit.demo');
  if (product.state !== 'DRAFT') return t('edit.notDraft', { state: product.publicState });
  if (!hasRole(operator, PORTAL_ROLES.edit)) return t('edit.role', { role: operator.role });
  return null;
}

/** What an operator decides on: where the passport stands, what blocks it, what may be done, where it is known. */
function Overview({ detail, operator, params }: TabProps) {
  return (
    <>
      <ModelSection family={detail.family} />
      <LifecyclePanel productId={detail.product.id} operator={operator} />
      <HandoverPanel product={detail.product} operator={operator} />
      <ReadinessSection detail={detail} />
      <RegistrySection detail={detail} />
      <QrSection detail={detail} />
      <RelationsSection detail={detail} params={params} />
    </>
  );
}

async function Data({ detail, operator }: TabProps) {
  const readOnlyReason = await editability(operator, detail.product);
  return (
    <>
      <SchemaUpgradeNotice detail={detail} mayEdit={hasRole(operator, PORTAL_ROLES.edit)} />
      <FormDataSection detail={detail} editable={readOnlyReason === null} readOnlyReason={readOnlyReason} />
    </>
  );
}

/** Published versions with what the battery reported since: the passport's record over time. */
function Versions({ detail, params }: TabProps) {
  return (
    <>
      <VersionsSection detail={detail} params={params} />
      <HistorySection detail={detail} />
      <CountersSection detail={detail} />
    </>
  );
}

const TABS: Record<PassportTab, (props: TabProps) => React.ReactNode> = {
  overview: Overview,
  data: Data,
  documents: ({ detail, params }) => <DocumentsSection detail={detail} params={params} />,
  versions: Versions,
  activity: ({ detail }) => <AuditSection detail={detail} />,
};

/** Only the current tab's sections are drawn, so a tab costs only its own sections' work. */
export function TabPanel({ tab, ...props }: TabProps & { tab: PassportTab }) {
  const Tab = TABS[tab];
  return <Tab {...props} />;
}
