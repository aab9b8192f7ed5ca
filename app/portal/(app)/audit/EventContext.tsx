import { contextItems, contextSummary } from '@/lib/portal/audit/context-view';
import type { PortalTranslator } from '@/lib/portal/i18n';
import c from './audit.module.css';

/**
 * An audit row's context: one summary line, with every key and value one click away (nested values as indented
 * JSON). A context of one short value is shown as it is. `t`: the audit trail's words in the operator's language.
 */
export function EventContext({ context, t }: { context: unknown; t: PortalTranslator }) {
  const items = contextItems(context, t);
  if (items.length === 0) return <span className="muted">—</span>;
  const list = (
    <dl className={c.context}>
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.key}</dt>
          <dd>{item.structured ? <pre>{item.value}</pre> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
  if (items.length === 1 && !items[0].structured && items[0].value.length <= 40) return list;
  return (
    <details className={c.contextDetails}>
      <summary>{contextSummary(items, t)}</summary>
      {list}
    </details>
  );
}
