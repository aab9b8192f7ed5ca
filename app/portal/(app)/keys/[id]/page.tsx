import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { MODE_LABEL } from '@/app/portal/components/mode-label';
import { Time } from '@/app/portal/components/Time';
import { ServiceError } from '@/lib/errors';
import { getKey } from '@/lib/integration/key-admin/get';
import { keyWarningText } from '@/lib/portal/admin/key-warning';
import { successorOf } from '@/lib/portal/admin/lookups';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { KeyStatusBadge } from '../KeyStatusBadge';
import { KeyActions } from './KeyActions';

export const metadata: Metadata = { title: 'API key' };

type Params = Promise<{ id: string }>;

/** The key of the operator's company, or the not-found page for anything else (another company's key included). */
async function loadKey(operator: Parameters<typeof portalContext>[0], id: string) {
  try {
    return await getKey({ ctx: portalContext(operator), input: { keyId: id } });
  } catch (error) {
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ID')) notFound();
    throw error;
  }
}

export default async function KeyPage({ params }: { params: Params }) {
  const operator = await requireOperator();
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what="API keys" />;
  const { id } = await params;
  const key = await loadKey(operator, id);
  const successor = await successorOf(operator.companyId, key.id);
  const warning = keyWarningText(key);
  return (
    <>
      <p>
        <Link href="/portal/keys">All API keys</Link>
      </p>
      <h1>API key “{key.name}”</h1>
      <dl className={a.details}>
        <dt>Prefix</dt>
        <dd>
          <code>{key.displayPrefix}…</code>
        </dd>
        <dt>Status</dt>
        <dd data-testid="key-status">
          <KeyStatusBadge status={key.status} />
          {warning ? <span className={a.warnBadge}> {warning}</span> : null}
        </dd>
        <dt>Mode</dt>
        <dd>{MODE_LABEL[key.mode]}</dd>
        <dt>Scopes</dt>
        <dd>
          {key.scopes.map((scope) => (
            <code key={scope}>{scope} </code>
          ))}
        </dd>
        <dt>Allowed addresses</dt>
        <dd>{key.allowedCidrs.length > 0 ? key.allowedCidrs.join(', ') : 'Any address'}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={key.createdAt} />
        </dd>
        <dt>Last used</dt>
        <dd>
          <Time value={key.lastUsedAt} fallback="Never" />
        </dd>
        <dt>Expires</dt>
        <dd>
          <Time value={key.expiresAt} fallback="Never" />
        </dd>
        {key.graceUntil ? (
          <>
            <dt>Works until (rotation)</dt>
            <dd>
              <Time value={key.graceUntil} />
            </dd>
          </>
        ) : null}
        {key.revokedAt ? (
          <>
            <dt>Revoked</dt>
            <dd>
              <Time value={key.revokedAt} />
            </dd>
          </>
        ) : null}
        {key.rotatedFromId ? (
          <>
            <dt>Replaces</dt>
            <dd>
              <Link href={`/portal/keys/${key.rotatedFromId}`}>the key it was rotated from</Link>
            </dd>
          </>
        ) : null}
        {successor ? (
          <>
            <dt>Replaced by</dt>
            <dd>
              <Link href={`/portal/keys/${successor.id}`}>
                <code>{successor.displayPrefix}…</code>
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <KeyActions keyView={key} />
    </>
  );
}
