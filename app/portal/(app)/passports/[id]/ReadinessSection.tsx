import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { GateCheckId, GateStatus } from '@/lib/passport/drafts/gate';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import type { FieldError } from '@/lib/schema/types';
import p from '../passports.module.css';
import { tabHref } from './tabs';

const CHECK_NAME: Record<GateCheckId, string> = {
  readiness: 'Form data readiness',
  schema_compatibility: 'Schema compatibility',
  component_graph: 'Component graph',
  gtin_prefix: 'GTIN under a company prefix',
  documents: 'Evidence documents',
};

const STATUS_TEXT: Record<GateStatus, string> = { pass: 'Passes', fail: 'Fails', warn: 'Warning', skip: 'Skipped' };

type Check = PassportDetail['gate']['checks'][number];

const checkColumns: Column<Check>[] = [
  { id: 'check', header: 'Check', rowHeader: true, cell: (c) => CHECK_NAME[c.id] },
  { id: 'result', header: 'Result', className: (c) => p[c.status], cell: (c) => STATUS_TEXT[c.status] },
  { id: 'detail', header: 'Detail', cell: (c) => c.message },
];

// An entry's member (`test_reports[0].url`) links to its field's input or row, on the tab with the form.
const anchor = (productId: string, e: FieldError) =>
  `${tabHref(productId, 'data')}#field-${e.field_id.replace(/[[.].*$/, '')}`;

/** The readiness report and the publication gate, as the API's readiness and gate endpoints report them. */
export function ReadinessSection({ detail }: { detail: PassportDetail }) {
  const { readiness, gate, product } = detail;
  return (
    <section className={p.section} aria-labelledby="readiness-title" id="readiness">
      <h2 id="readiness-title">Readiness and publication gate</h2>
      <p data-testid="gate-summary" className={gate.ok ? p.pass : p.fail}>
        {gate.ok
          ? 'The publication gate passes: the passport may be submitted.'
          : 'The publication gate blocks submission.'}
      </p>
      <DataTable
        caption="Publication gate checks"
        columns={checkColumns}
        rows={gate.checks}
        rowKey={(c) => c.id}
        rowAttributes={(c) => ({ 'data-check': c.id })}
        compact
        scrollable
      />
      <h3>Readiness report</h3>
      {readiness.ok ? (
        <p>Every mandated field has a value and every value is valid.</p>
      ) : (
        <>
          <FieldErrorList
            title={`Mandated fields without a value (${readiness.missing.length})`}
            errors={readiness.missing}
            show={(e) => e.label}
            href={(e) => anchor(product.id, e)}
            testId="readiness-missing"
          />
          <FieldErrorList
            title={`Invalid values (${readiness.invalid.length})`}
            errors={readiness.invalid}
            show={(e) => e.message}
            href={(e) => anchor(product.id, e)}
            testId="readiness-invalid"
          />
        </>
      )}
    </section>
  );
}

function FieldErrorList({
  title,
  errors,
  show,
  href,
  testId,
}: {
  title: string;
  errors: FieldError[];
  show: (e: FieldError) => string;
  href: (e: FieldError) => string;
  testId: string;
}) {
  if (errors.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul data-testid={testId}>
        {errors.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one field may fail twice; the list is rendered once
          <li key={`${e.field_id}-${i}`}>
            <a href={href(e)}>{show(e)}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
