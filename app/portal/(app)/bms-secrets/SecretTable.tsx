import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import type { BmsSecretView } from '@/lib/bms/secret-admin';
import { ActionForm } from '../../components/ActionForm';
import { ConfirmField } from '../../components/ConfirmField';
import { SubmitButton } from '../../components/SubmitButton';
import { revokeBmsSecretAction } from './actions';

const label = (secret: BmsSecretView) => secret.name ?? 'Unnamed secret';

function Products({ ids, names }: { ids: string[]; names: Map<string, string> }) {
  if (ids.length === 0) return <>All products</>;
  return (
    <ul className={a.list}>
      {ids.map((id) => (
        <li key={id}>{names.get(id) ?? <code>{id}</code>}</li>
      ))}
    </ul>
  );
}

/** The state, and the revoke form while the secret is active. */
function Status({ secret }: { secret: BmsSecretView }) {
  // The form stays mounted after revocation so its confirmation message survives the refresh.
  return (
    <ActionForm
      action={revokeBmsSecretAction.bind(null, secret.id)}
      className={a.rowForm}
      aria-label={`Revoke ${label(secret)}`}
    >
      {secret.revokedAt ? (
        <span>
          <span className={a.offBadge}>Revoked</span> <Time value={secret.revokedAt} />
        </span>
      ) : (
        <>
          <span className={a.okBadge}>Active</span>
          <ConfirmField>Revoke “{label(secret)}” now</ConfirmField>
          <SubmitButton variant="danger" pendingText="Revoking…">
            Revoke
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

const columns = (names: Map<string, string>): Column<BmsSecretView>[] => [
  { id: 'name', header: 'Name', cell: label },
  { id: 'id', header: 'Id', cell: (secret) => <code>{secret.id}</code> },
  { id: 'products', header: 'Products', cell: (secret) => <Products ids={secret.productIds} names={names} /> },
  { id: 'created', header: 'Created', cell: (secret) => <Time value={secret.createdAt} /> },
  { id: 'used', header: 'Last used', cell: (secret) => <Time value={secret.lastUsedAt} fallback="Never" /> },
  { id: 'status', header: 'Status', cell: (secret) => <Status secret={secret} /> },
];

export function SecretTable({
  secrets,
  names,
  labelledBy,
}: {
  secrets: BmsSecretView[];
  names: Map<string, string>;
  labelledBy: string;
}) {
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={columns(names)}
      rows={secrets}
      rowKey={(secret) => secret.id}
      rowAttributes={(secret) => ({ 'data-secret-id': secret.id })}
      empty="No BMS secrets yet. Create the first one below."
      scrollable
    />
  );
}
