import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { Time } from '@/app/portal/components/Time';
import { ServiceError } from '@/lib/errors';
import { getKey } from '@/lib/integration/key-admin/get';
import { keyWarningText } from '@/lib/portal/admin/key-warning';
import { successorOf } from '@/lib/portal/admin/lookups';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { KeyStatusBadge } from '../KeyStatusBadge';
import { KeyActions } from './KeyActions';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('key.title') };
}

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
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('keys.what')} />;
  const l = await portalLabels();
  const { id } = await params;
  const key = await loadKey(operator, id);
  const successor = await successorOf(operator.companyId, key.id);
  const warning = keyWarningText(key, new Date(), l.locale);
  return (
    <>
      <p>
        <Link href="/portal/keys">{t('key.all')}</Link>
      </p>
      <h1>{t('key.heading', { name: key.name })}</h1>
      <dl className={a.details}>
        <dt>{t('key.prefix')}</dt>
        <dd>
          <code>{key.displayPrefix}…</code>
        </dd>
        <dt>{t('key.status')}</dt>
        <dd data-testid="key-status">
          <KeyStatusBadge status={key.status} />
          {warning ? <span className={a.warnBadge}> {warning}</span> : null}
        </dd>
        <dt>{t('key.mode')}</dt>
        <dd>{l.mode(key.mode)}</dd>
        <dt>{t('key.scopes')}</dt>
        <dd>
          {key.scopes.map((scope) => (
            <code key={scope}>{scope} </code>
          ))}
        </dd>
        <dt>{t('key.cidrs')}</dt>
        <dd>{key.allowedCidrs.length > 0 ? key.allowedCidrs.join(', ') : t('key.anyAddress')}</dd>
        <dt>{t('key.created')}</dt>
        <dd>
          <Time value={key.createdAt} />
        </dd>
        <dt>{t('key.lastUsed')}</dt>
        <dd>
          <Time value={key.lastUsedAt} fallback={t('key.never')} />
        </dd>
        <dt>{t('key.expires')}</dt>
        <dd>
          <Time value={key.expiresAt} fallback={t('key.never')} />
        </dd>
        {key.graceUntil ? (
          <>
            <dt>{t('key.graceUntil')}</dt>
            <dd>
              <Time value={key.graceUntil} />
            </dd>
          </>
        ) : null}
        {key.revokedAt ? (
          <>
            <dt>{t('key.revoked')}</dt>
            <dd>
              <Time value={key.revokedAt} />
            </dd>
          </>
        ) : null}
        {key.rotatedFromId ? (
          <>
            <dt>{t('key.replaces')}</dt>
            <dd>
              <Link href={`/portal/keys/${key.rotatedFromId}`}>{t('key.rotatedFrom')}</Link>
            </dd>
          </>
        ) : null}
        {successor ? (
          <>
            <dt>{t('key.replacedBy')}</dt>
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
