import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import type { BmsSecretView } from '@/lib/bms/secret-admin';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { ActionForm } from '../../components/ActionForm';
import { ConfirmField } from '../../components/ConfirmField';
import { SubmitButton } from '../../components/SubmitButton';
import { revokeBmsSecretAction } from './actions';

const label = (secret: BmsSecretView, t: PortalTranslator) => secret.name ?? t('bms.unnamed');

function Products({ ids, names, t }: { ids: string[]; names: Map<string, string>; t: PortalTranslator }) {
  if (ids.length === 0) return <>{t('bms.allProducts')}</>;
  return (
    <ul className={a.list}>
      {ids.map((id) => (
        <li key={id}>{names.get(id) ?? <code>{id}</code>}</li>
      ))}
    </ul>
  );
}

/** The state, and the revoke form while the secret is active. */
function Status({ secret, t }: { secret: BmsSecretView; t: PortalTranslator }) {
  // The form stays mounted after revocation so its confirmation message survives the refresh.
  return (
    <ActionForm
      action={revokeBmsSecretAction.bind(null, secret.id)}
      className={a.rowForm}
      aria-label={t('bms.revoke.label', { name: label(secret, t) })}
    >
      {secret.revokedAt ? (
        <span>
          <span className={a.offBadge}>{t('bms.revoked')}</span> <Time value={secret.revokedAt} />
        </span>
      ) : (
        <>
          <span className={a.okBadge}>{t('bms.active')}</span>
          <ConfirmField>{t('bms.revoke.confirm', { name: label(secret, t) })}</ConfirmField>
          <SubmitButton variant="danger" pendingText={t('bms.revoke.pending')}>
            {t('bms.revoke.submit')}
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

const columns = (names: Map<string, string>, t: PortalTranslator): Column<BmsSecretView>[] => [
  { id: 'name', header: t('bms.column.name'), cell: (secret) => label(secret, t) },
  { id: 'id', header: t('bms.column.id'), cell: (secret) => <code>{secret.id}</code> },
  {
    id: 'products',
    header: t('bms.column.products'),
    cell: (secret) => <Products ids={secret.productIds} names={names} t={t} />,
  },
  { id: 'created', header: t('bms.column.created'), cell: (secret) => <Time value={secret.createdAt} /> },
  {
    id: 'used',
    header: t('bms.column.lastUsed'),
    cell: (secret) => <Time value={secret.lastUsedAt} fallback={t('bms.never')} />,
  },
  { id: 'status', header: t('bms.column.status'), cell: (secret) => <Status secret={secret} t={t} /> },
];

export async function SecretTable({
  secrets,
  names,
  labelledBy,
}: {
  secrets: BmsSecretView[];
  names: Map<string, string>;
  labelledBy: string;
}) {
  const t = await portalT('admin');
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(names, t)}
      rows={secrets}
      rowKey={(secret) => secret.id}
      rowAttributes={(secret) => ({ 'data-secret-id': secret.id })}
      empty={t('bms.empty')}
      scrollable
    />
  );
}
