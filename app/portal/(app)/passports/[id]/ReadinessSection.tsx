import { type Column, DataTable } from '@/app/portal/components/DataTable';
import type { GateCheckId, GateStatus } from '@/lib/passport/drafts/gate';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import type { FieldError } from '@/lib/schema/types';
import p from '../passports.module.css';
import { tabHref } from './tabs';

type Check = PassportDetail['gate']['checks'][number];

// An entry's member (`test_reports[0].url`) links to its field's input or row, on the tab with the form.
const anchor = (productId: string, e: FieldError) =>
  `${tabHref(productId, 'data')}#field-${e.field_id.replace(/[[.].*$/, '')}`;

/** The readiness report and the publication gate, as the API's readiness and gate endpoints report them. */
export async function ReadinessSection({ detail }: { detail: PassportDetail }) {
  const { readiness, gate, product, schema } = detail;
  const [t, i18n] = await Promise.all([portalT('passports'), portalI18n()]);
  // A top-level field's label in the operator's language; a list member keeps the report's own label.
  const fieldLabel = (e: FieldError) => {
    const field = schema.fields.find((f) => f.id === e.field_id);
    return field ? i18n.label(field) : e.label;
  };
  const checkName: Record<GateCheckId, string> = {
    readiness: t('readiness.check.readiness'),
    schema_compatibility: t('readiness.check.schemaCompatibility'),
    component_graph: t('readiness.check.componentGraph'),
    gtin_prefix: t('readiness.check.gtinPrefix'),
    documents: t('readiness.check.documents'),
  };
  const statusText: Record<GateStatus, string> = {
    pass: t('readiness.status.pass'),
    fail: t('readiness.status.fail'),
    warn: t('readiness.status.warn'),
    skip: t('readiness.status.skip'),
  };
  const checkColumns: Column<Check>[] = [
    { id: 'check', header: t('readiness.column.check'), rowHeader: true, cell: (c) => checkName[c.id] },
    {
      id: 'result',
      header: t('readiness.column.result'),
      className: (c) => p[c.status],
      cell: (c) => statusText[c.status],
    },
    { id: 'detail', header: t('readiness.column.detail'), cell: (c) => c.message },
  ];
  return (
    <section className={p.section} aria-labelledby="readiness-title" id="readiness">
      <h2 id="readiness-title">{t('readiness.title')}</h2>
      <p data-testid="gate-summary" className={gate.ok ? p.pass : p.fail}>
        {gate.ok ? t('readiness.gatePasses') : t('readiness.gateBlocks')}
      </p>
      <DataTable
        caption={t('readiness.caption')}
        columns={checkColumns}
        rows={gate.checks}
        rowKey={(c) => c.id}
        rowAttributes={(c) => ({ 'data-check': c.id })}
        compact
        scrollable
      />
      <h3>{t('readiness.report')}</h3>
      {readiness.ok ? (
        <p>{t('readiness.ok')}</p>
      ) : (
        <>
          <FieldErrorList
            title={t('readiness.missing', { count: readiness.missing.length })}
            errors={readiness.missing}
            show={fieldLabel}
            href={(e) => anchor(product.id, e)}
            testId="readiness-missing"
          />
          <FieldErrorList
            title={t('readiness.invalid', { count: readiness.invalid.length })}
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
