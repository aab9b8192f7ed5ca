import Link from 'next/link';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { PUBLIC_STATE } from '@/lib/passport/states';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { formatCountry, safeHref } from '@/lib/schema/value-format';
import { formatTime } from '../labels';
import { StateBadge } from '../StateBadge';
import { PagedSection, type PageParams } from './SectionPager';

type Component = PassportDetail['components']['items'][number];
type Step = PassportDetail['traceability']['items'][number];

const componentColumns: Column<Component>[] = [
  {
    id: 'component',
    header: 'Component',
    cell: (c) => <Link href={`/portal/passports/${c.child.id}`}>{c.child.name}</Link>,
  },
  { id: 'state', header: 'State', cell: (c) => <StateBadge state={PUBLIC_STATE[c.child.state]} /> },
  { id: 'quantity', header: 'Quantity', cell: (c) => c.quantity },
  { id: 'role', header: 'Role', cell: (c) => c.role ?? '—' },
];

const stepColumns: Column<Step>[] = [
  { id: 'stage', header: 'Stage', cell: (t) => t.stage.replaceAll('_', ' ') },
  { id: 'supplier', header: 'Supplier', cell: (t) => t.supplier?.name ?? '—' },
  { id: 'material', header: 'Material', cell: (t) => t.material ?? '—' },
  { id: 'country', header: 'Country', cell: (t) => (t.country ? formatCountry(t.country) : '—') },
  { id: 'description', header: 'Description', cell: (t) => <StepDescription step={t} /> },
  {
    id: 'occurred',
    header: 'Occurred',
    cell: (t) => (t.occurredAt ? <time dateTime={t.occurredAt}>{formatTime(t.occurredAt)}</time> : '—'),
  },
];

/** The step's description, with a link to its evidence when that is a safe address. */
function StepDescription({ step }: { step: Step }) {
  const evidence = safeHref(step.documentUrl);
  return (
    <>
      {step.description ?? ''}
      {evidence ? (
        <>
          {' '}
          <a href={evidence} rel="noopener nofollow">
            Evidence
          </a>
        </>
      ) : null}
    </>
  );
}

/** The passport's direct components (other passports of the company) and its supply-chain steps. */
export function RelationsSection({ detail, params }: { detail: PassportDetail; params: PageParams }) {
  const { components, traceability, product } = detail;
  const paging = { productId: product.id, params };
  return (
    <>
      <PagedSection id="components" title="Components" page={components} {...paging}>
        <DataTable
          caption="Direct components, in the order they were added"
          columns={componentColumns}
          rows={components.items}
          rowKey={(c) => c.id}
          empty="No components: this passport lists no other passports as its parts."
        />
      </PagedSection>
      <PagedSection id="traceability" title="Traceability" label="traceability steps" page={traceability} {...paging}>
        <DataTable
          caption="Supply-chain steps, in the order they were recorded"
          columns={stepColumns}
          rows={traceability.items}
          rowKey={(t) => t.id}
          empty="No supply-chain steps recorded yet."
          scrollable
        />
      </PagedSection>
    </>
  );
}
