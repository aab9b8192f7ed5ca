import Link from 'next/link';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { categoryName, formatTime } from '../labels';
import p from '../passports.module.css';
import { StateBadge } from '../StateBadge';

const KIND_LABEL = { standalone: 'Standalone passport', model: 'Battery model', item: 'Item of a model' } as const;

/** Name, state, mode, version and identifiers, with the public address while the public surfaces answer. */
export function PassportHeader({ product }: { product: PassportDetail['product'] }) {
  const rows: [string, React.ReactNode][] = [
    ['State', <StateBadge key="state" state={product.publicState} />],
    ['Kind', KIND_LABEL[product.kind]],
    ['Mode', product.mode === 'test' ? 'Test (sandbox)' : 'Live'],
    ['Published version', product.version > 0 ? product.version : 'None yet'],
    ['Category', categoryName(product.category)],
    ['Slug', <code key="slug">{product.slug}</code>],
    ['GTIN', product.gtin ?? '—'],
    ['Serial number', product.serialNumber ?? '—'],
    ['Batch number', product.batchNumber ?? '—'],
    [
      'Updated',
      <time key="updated" dateTime={product.updatedAt}>
        {formatTime(product.updatedAt)}
      </time>,
    ],
    [
      'First published',
      product.publishedAt ? (
        <time key="published" dateTime={product.publishedAt}>
          {formatTime(product.publishedAt)}
        </time>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <header>
      <p className={p.hint}>
        <Link href="/portal/passports">Passports</Link> / {product.name}
      </p>
      <h1>{product.name}</h1>
      <dl className={p.summary} data-testid="passport-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {product.urls.passport ? (
        <p>
          Public passport:{' '}
          <a href={product.urls.passport} data-testid="public-link">
            {product.urls.passport}
          </a>
        </p>
      ) : null}
      {product.isDemo ? <p>This is a seeded demo passport: it is read-only.</p> : null}
      {product.state === 'DRAFT' && product.rejectionReason ? (
        <p data-testid="rejection-reason">Returned by a reviewer: {product.rejectionReason}</p>
      ) : null}
      {product.publicState === 'withdrawn' && product.withdrawalReason ? (
        <p>Withdrawn: {product.withdrawalReason}</p>
      ) : null}
    </header>
  );
}
