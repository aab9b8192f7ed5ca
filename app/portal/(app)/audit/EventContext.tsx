import { contextItems } from '@/lib/portal/audit/context-view';
import c from './audit.module.css';

/** An audit row's context as key/value pairs; nested values fold away as indented JSON. */
export function EventContext({ context }: { context: unknown }) {
  const items = contextItems(context);
  if (items.length === 0) return <span className="muted">—</span>;
  return (
    <dl className={c.context}>
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.key}</dt>
          <dd>
            {item.structured ? (
              <details>
                <summary>Show</summary>
                <pre>{item.value}</pre>
              </details>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
