import { notFound } from 'next/navigation';
import { lifecycleActions } from '@/lib/portal/review/lifecycle-options';
import { TEXT_LIMIT } from '@/lib/portal/review/lifecycle-steps';
import { loadLifecyclePanel, type PanelProduct } from '@/lib/portal/review/panel';
import { portalTime } from '@/lib/portal/review/time';
import { type Operator, portalContext } from '@/lib/portal/session';
import { LifecycleForms } from './lifecycle/LifecycleForms';
import l from './lifecycle/lifecycle.module.css';

/** The lifecycle actions the product's state and the operator's role allow. */
export async function LifecyclePanel({ productId, operator }: { productId: string; operator: Operator }) {
  const panel = await loadLifecyclePanel({ ctx: portalContext(operator), input: { productId } });
  if (!panel) notFound();
  const { product, successors } = panel;
  const actions = lifecycleActions(product, operator.role);
  return (
    <section className={l.panel} aria-labelledby="lifecycle-heading">
      <h2 id="lifecycle-heading">Lifecycle</h2>
      <LifecycleSummary product={product} />
      <LifecycleForms productId={product.id} actions={actions} successors={successors} textLimit={TEXT_LIMIT} />
    </section>
  );
}

/** What the header above does not say: where the passport stands in its review cycle. */
function LifecycleSummary({ product: p }: { product: PanelProduct }) {
  const lines: React.ReactNode[] = [];
  if ((p.state === 'DRAFT' || p.state === 'SUBMITTED') && p.version > 0) {
    lines.push(
      `A revision of version ${p.version}: the public keeps seeing version ${p.version} until the revision is approved as version ${p.version + 1}.`,
    );
  }
  if (p.state === 'SUBMITTED' && p.submittedAt)
    lines.push(
      <>
        Submitted for review <Time at={p.submittedAt} />.
      </>,
    );
  if (p.state === 'WITHDRAWN' && p.withdrawnAt)
    lines.push(
      <>
        Withdrawn <Time at={p.withdrawnAt} />.
      </>,
    );
  if (p.state === 'DEPRECATED' && p.deprecatedAt)
    lines.push(
      <>
        Deprecated <Time at={p.deprecatedAt} />: no longer served publicly.
      </>,
    );
  if (p.recycledAt)
    lines.push(
      <>
        Recycled <Time at={p.recycledAt} />: the passport is closed
        {p.recycledRetainUntil ? (
          <>
            {' '}
            and stays readable until <Time at={p.recycledRetainUntil} />
          </>
        ) : null}
        .
      </>,
    );
  if (p.mode === 'TEST') lines.push('A sandbox passport: never public, whatever its state.');
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

const Time = ({ at }: { at: Date }) => <time dateTime={at.toISOString()}>{portalTime(at)}</time>;
