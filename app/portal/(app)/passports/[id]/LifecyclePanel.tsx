import { notFound } from 'next/navigation';
import { portalLocale, portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { lifecycleActions } from '@/lib/portal/review/lifecycle-options';
import { TEXT_LIMIT } from '@/lib/portal/review/lifecycle-steps';
import { loadLifecyclePanel, type PanelProduct } from '@/lib/portal/review/panel';
import { type Operator, portalContext } from '@/lib/portal/session';
import { LifecycleForms } from './lifecycle/LifecycleForms';
import l from './lifecycle/lifecycle.module.css';

/** The lifecycle actions the product's state and the operator's role allow. */
export async function LifecyclePanel({ productId, operator }: { productId: string; operator: Operator }) {
  const panel = await loadLifecyclePanel({ ctx: portalContext(operator), input: { productId } });
  if (!panel) notFound();
  const { product, successors } = panel;
  const [t, locale] = await Promise.all([portalT('passports'), portalLocale()]);
  const actions = lifecycleActions(product, operator.role, locale);
  return (
    <section className={l.panel} aria-labelledby="lifecycle-heading">
      <h2 id="lifecycle-heading">{t('lifecycle.title')}</h2>
      <LifecycleSummary product={product} />
      <LifecycleForms productId={product.id} actions={actions} successors={successors} textLimit={TEXT_LIMIT} />
    </section>
  );
}

/** What the header above does not say: where the passport stands in its review cycle. */
async function LifecycleSummary({ product: p }: { product: PanelProduct }) {
  const t = await portalT('passports');
  const lines: React.ReactNode[] = [];
  if ((p.state === 'DRAFT' || p.state === 'SUBMITTED') && p.version > 0) {
    lines.push(t('lifecycle.summary.revision', { version: p.version, next: p.version + 1 }));
  }
  if (p.state === 'SUBMITTED' && p.submittedAt)
    lines.push(
      <>
        {t('lifecycle.summary.submitted')} <Time at={p.submittedAt} />.
      </>,
    );
  if (p.state === 'WITHDRAWN' && p.withdrawnAt)
    lines.push(
      <>
        {t('lifecycle.summary.withdrawn')} <Time at={p.withdrawnAt} />.
      </>,
    );
  if (p.state === 'DEPRECATED' && p.deprecatedAt)
    lines.push(
      <>
        {t('lifecycle.summary.deprecated')} <Time at={p.deprecatedAt} />
        {t('lifecycle.summary.deprecatedAfter')}
      </>,
    );
  if (p.recycledAt)
    lines.push(
      <>
        {t('lifecycle.summary.recycled')} <Time at={p.recycledAt} />
        {t('lifecycle.summary.recycledAfter')}
        {p.recycledRetainUntil ? (
          <>
            {' '}
            {t('lifecycle.summary.retainedUntil')} <Time at={p.recycledRetainUntil} />
          </>
        ) : null}
        .
      </>,
    );
  if (p.mode === 'TEST') lines.push(t('lifecycle.summary.sandbox'));
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one note, rendered once in their order
        <p key={i} className={l.note}>
          {line}
        </p>
      ))}
    </>
  );
}

async function Time({ at }: { at: Date }) {
  const labels = await portalLabels();
  return <time dateTime={at.toISOString()}>{labels.time(at)}</time>;
}
