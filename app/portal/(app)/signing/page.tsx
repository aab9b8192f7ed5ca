import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { type IssuerKeyView, signingIdentity } from '@/lib/portal/signing/identity';
import { RotateIssuerKeyForm } from './RotateIssuerKeyForm';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('signing.title') };
}

const retiredColumns = (t: PortalTranslator): Column<IssuerKeyView>[] => [
  { id: 'kid', header: t('signing.column.kid'), rowHeader: true, cell: (k) => <code>{k.kid}</code> },
  { id: 'created', header: t('signing.column.created'), cell: (k) => <Time value={k.createdAt} /> },
  { id: 'retired', header: t('signing.column.retired'), cell: (k) => <Time value={k.retiredAt} /> },
];

/** Every operator sees the company's signing identity; only administrators may rotate its key. */
export default async function SigningIdentityPage() {
  const operator = await requireOperator();
  const t = await portalT('admin');
  const identity = await signingIdentity(operator.companyId);
  const { current } = identity;
  return (
    <>
      <h1>{t('signing.title')}</h1>
      <p>{t('signing.intro')}</p>
      <dl className={a.details}>
        <dt>{t('signing.did')}</dt>
        <dd>
          <code data-testid="issuer-did">{identity.did}</code>
        </dd>
        <dt>{t('signing.didDocument')}</dt>
        <dd>
          {current ? <a href={identity.didDocumentUrl}>{identity.didDocumentUrl}</a> : t('signing.didDocumentLater')}
        </dd>
        <dt>{t('signing.currentKey')}</dt>
        <dd>{current ? <code data-testid="current-kid">{current.kid}</code> : t('signing.noKeyYet')}</dd>
        {current ? (
          <>
            <dt>{t('signing.created')}</dt>
            <dd>
              <Time value={current.createdAt} />
            </dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="retired-title">
        <h2 id="retired-title">{t('signing.retiredKeys')}</h2>
        <DataTable
          labelledBy="retired-title"
          columns={retiredColumns(t)}
          rows={identity.retired}
          rowKey={(k) => k.kid}
          rowAttributes={(k) => ({ 'data-kid': k.kid })}
          empty={t('signing.noRetired')}
          quietEmpty
        />
      </section>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">{t('signing.rotate.title')}</h2>
        {hasRole(operator, PORTAL_ROLES.admin) ? (
          <RotateIssuerKeyForm />
        ) : (
          <p>{t('signing.adminsOnly', { role: operator.role })}</p>
        )}
      </section>
    </>
  );
}
