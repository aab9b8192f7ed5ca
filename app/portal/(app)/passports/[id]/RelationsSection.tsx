import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { PUBLIC_STATE } from '@/lib/passport/states';
import { type PortalTranslator, portalI18n, portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { safeHref } from '@/lib/schema/value-format';
import { StateBadge } from '../StateBadge';
import { PagedSection, type PageParams } from './SectionPager';

type Component = PassportDetail['components']['items'][number];
type Step = PassportDetail['traceability']['items'][number];

/** The step's description, with a link to its evidence when that is a safe address. */
function StepDescription({ step, t }: { step: Step; t: PortalTranslator }) {
  const evidence = safeHref(step.documentUrl);
  return (
    <>
      {step.description ?? ''}
      {evidence ? (
        <>
          {' '}
          <a href={evidence} rel="noopener nofollow">
            {t('relations.evidence')}
          </a>
        </>
      ) : null}
    </>
  );
}

/** The passport's direct components (other passports of the company) and its supply-chain steps. */
export async function RelationsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { components, traceability, product } = detail;
  const [t, l, { fmt }] = await Promise.all([portalT('passports'), portalLabels(), portalI18n()]);
  const componentColumns: Column<Component>[] = [
    {
      id: 'component',
      header: t('relations.column.component'),
      cell: (c) => <Link href={`/portal/passports/${c.child.id}`}>{c.child.name}</Link>,
    },
    {
      id: 'state',
      header: t('relations.column.state'),
      cell: (c) => <StateBadge state={PUBLIC_STATE[c.child.state]} />,
    },
    { id: 'quantity', header: t('relations.column.quantity'), cell: (c) => c.quantity },
    { id: 'role', header: t('relations.column.role'), cell: (c) => c.role ?? '—' },
  ];
  const stepColumns: Column<Step>[] = [
    { id: 'stage', header: t('relations.column.stage'), cell: (s) => s.stage.replaceAll('_', ' ') },
    { id: 'supplier', header: t('relations.column.supplier'), cell: (s) => s.supplier?.name ?? '—' },
    { id: 'material', header: t('relations.column.material'), cell: (s) => s.material ?? '—' },
    {
      id: 'country',
      header: t('relations.column.country'),
      cell: (s) => (s.country ? fmt.formatCountry(s.country) : '—'),
    },
    { id: 'description', header: t('relations.column.description'), cell: (s) => <StepDescription step={s} t={t} /> },
    {
      id: 'occurred',
      header: t('relations.column.occurred'),
      cell: (s) => (s.occurredAt ? <time dateTime={s.occurredAt}>{l.time(s.occurredAt)}</time> : '—'),
    },
  ];
  const paging = { productId: product.id, params };
  return (
    <>
      <PagedSection
        id="components"
        title={t('relations.components')}
        label={t('relations.componentsLabel')}
        page={components}
        {...paging}
      >
        <DataTable
          caption={t('relations.componentsCaption')}
          columns={componentColumns}
          rows={components.items}
          rowKey={(c) => c.id}
          empty={t('relations.componentsEmpty')}
        />
      </PagedSection>
      <PagedSection
        id="traceability"
        title={t('relations.traceability')}
        label={t('relations.traceabilityLabel')}
        page={traceability}
        {...paging}
      >
        <DataTable
          caption={t('relations.stepsCaption')}
          columns={stepColumns}
          rows={traceability.items}
          rowKey={(t) => t.id}
          empty={t('relations.stepsEmpty')}
          scrollable
        />
      </PagedSection>
    </>
  );
}
