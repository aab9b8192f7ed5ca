import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { prisma } from '@/lib/db/client';
import { findPassport, loadPassportDetail } from '@/lib/portal/passports/detail';
import { hasRole, type Operator, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import p from '../passports.module.css';
import { AuditSection } from './AuditSection';
import { CountersSection } from './CountersSection';
import { DocumentsSection } from './DocumentsSection';
import { FormDataSection } from './FormDataSection';
import { HandoverPanel } from './HandoverPanel';
import { HistorySection } from './HistorySection';
import { LifecyclePanel } from './LifecyclePanel';
import { ModelSection } from './ModelSection';
import { PassportHeader } from './PassportHeader';
import { QrSection } from './QrSection';
import { ReadinessSection } from './ReadinessSection';
import { RegistrySection } from './RegistrySection';
import { RelationsSection } from './RelationsSection';
import { SchemaUpgradeNotice } from './SchemaUpgradeNotice';
import type { PageParams } from './SectionPager';
import { VersionsSection } from './VersionsSection';

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGED_SECTIONS = ['documents', 'components', 'traceability', 'versions'] as const;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const operator = await requireOperator();
  const product = await findPassport(prisma, portalContext(operator), (await params).id);
  return { title: product ? product.name : 'Passport not found' };
}

function editability(operator: Operator, product: { state: string; isDemo: boolean; publicState: string }) {
  if (product.isDemo) return 'Demo passports are read-only.';
  if (product.state !== 'DRAFT') return `Only drafts can be edited; this passport is ${product.publicState}.`;
  if (!hasRole(operator, PORTAL_ROLES.edit))
    return `Your role (${operator.role}) may read the form data but not edit it.`;
  return null;
}

/** One passport of the operator's company; another company's id, or one that is not an id at all, is a 404. */
export default async function PassportPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const pages: PageParams = Object.fromEntries(
    PAGED_SECTIONS.map((name) => [name, typeof query[name] === 'string' ? query[name] : undefined]),
  );
  const detail = await loadPassportDetail({ ctx: portalContext(operator), input: { productId: id, pages } });
  if (!detail) notFound();
  const readOnlyReason = editability(operator, detail.product);
  return (
    <>
      <PassportHeader product={detail.product} />
      <ModelSection family={detail.family} />
      <LifecyclePanel productId={detail.product.id} operator={operator} />
      <HandoverPanel product={detail.product} operator={operator} />
      <nav aria-label="Sections of this passport">
        <ul className={p.jump}>
          {[
            ['readiness', 'Readiness'],
            ['form-data', 'Form data'],
            ['documents', 'Documents'],
            ['components', 'Components'],
            ['traceability', 'Traceability'],
            ['versions', 'Versions'],
            ['counters', 'BMS counters'],
            ['history', 'History'],
            ['registry', 'EU registry'],
            ['qr', 'QR code'],
            ['audit', 'Audit trail'],
          ].map(([anchor, label]) => (
            <li key={anchor}>
              <a href={`#${anchor}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ReadinessSection detail={detail} />
      <SchemaUpgradeNotice detail={detail} mayEdit={hasRole(operator, PORTAL_ROLES.edit)} />
      <FormDataSection detail={detail} editable={readOnlyReason === null} readOnlyReason={readOnlyReason} />
      <DocumentsSection detail={detail} params={pages} />
      <RelationsSection detail={detail} params={pages} />
      <VersionsSection detail={detail} params={pages} />
      <CountersSection detail={detail} />
      <HistorySection detail={detail} />
      <RegistrySection detail={detail} />
      <QrSection detail={detail} />
      <AuditSection detail={detail} />
    </>
  );
}
