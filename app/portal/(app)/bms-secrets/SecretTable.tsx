import a from '@/app/portal/components/admin.module.css';
import { Time } from '@/app/portal/components/Time';
import s from '@/app/portal/portal.module.css';
import type { BmsSecretView } from '@/lib/bms/secret-admin';
import { ActionForm } from '../../components/ActionForm';
import { ConfirmField } from '../../components/ConfirmField';
import { SubmitButton } from '../../components/SubmitButton';
import { revokeBmsSecretAction } from './actions';

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

export function SecretTable({ secrets, names }: { secrets: BmsSecretView[]; names: Map<string, string> }) {
  return (
    <div className={a.wide}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Products</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {secrets.map((secret) => {
            const label = secret.name ?? 'Unnamed secret';
            return (
              <tr key={secret.id} data-secret-id={secret.id}>
                <td>{label}</td>
                <td>
                  <code>{secret.id}</code>
                </td>
                <td>
                  <Products ids={secret.productIds} names={names} />
                </td>
                <td>
                  <Time value={secret.createdAt} />
                </td>
                <td>
                  <Time value={secret.lastUsedAt} fallback="Never" />
                </td>
                <td>
                  {/* The form stays mounted after revocation so its confirmation message survives the refresh. */}
                  <ActionForm
                    action={revokeBmsSecretAction.bind(null, secret.id)}
                    className={a.rowForm}
                    aria-label={`Revoke ${label}`}
                  >
                    {secret.revokedAt ? (
                      <span>
                        <span className={a.offBadge}>Revoked</span> <Time value={secret.revokedAt} />
                      </span>
                    ) : (
                      <>
                        <span className={a.okBadge}>Active</span>
                        <ConfirmField>Revoke “{label}” now</ConfirmField>
                        <SubmitButton variant="danger" pendingText="Revoking…">
                          Revoke
                        </SubmitButton>
                      </>
                    )}
                  </ActionForm>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
