import type { Metadata } from 'next';
import a from '@/app/portal/components/admin.module.css';
import { type Column, DataTable } from '@/app/portal/components/DataTable';
import { Time } from '@/app/portal/components/Time';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { type IssuerKeyView, signingIdentity } from '@/lib/portal/signing/identity';
import { RotateIssuerKeyForm } from './RotateIssuerKeyForm';

export const metadata: Metadata = { title: 'Signing identity' };

const RETIRED_COLUMNS: Column<IssuerKeyView>[] = [
  { id: 'kid', header: 'Key id', rowHeader: true, cell: (k) => <code>{k.kid}</code> },
  { id: 'created', header: 'Created', cell: (k) => <Time value={k.createdAt} /> },
  { id: 'retired', header: 'Retired', cell: (k) => <Time value={k.retiredAt} /> },
];

/** Every operator sees the company's signing identity; only administrators may rotate its key. */
export default async function SigningIdentityPage() {
  const operator = await requireOperator();
  const identity = await signingIdentity(operator.companyId);
  const { current } = identity;
  return (
    <>
      <h1>Signing identity</h1>
      <p>
        Each published passport version carries a credential signed by your company. Anyone can verify it with your
        company&apos;s DID: its DID document lists the current key and every retired one.
      </p>
      <dl className={a.details}>
        <dt>DID</dt>
        <dd>
          <code data-testid="issuer-did">{identity.did}</code>
        </dd>
        <dt>DID document</dt>
        <dd>
          {current ? (
            <a href={identity.didDocumentUrl}>{identity.didDocumentUrl}</a>
          ) : (
            <>Published with your first passport</>
          )}
        </dd>
        <dt>Current key</dt>
        <dd>
          {current ? (
            <code data-testid="current-kid">{current.kid}</code>
          ) : (
            <>None yet: the key is made when your first passport is published</>
          )}
        </dd>
        {current ? (
          <>
            <dt>Created</dt>
            <dd>
              <Time value={current.createdAt} />
            </dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="retired-title">
        <h2 id="retired-title">Retired keys</h2>
        <DataTable
          labelledBy="retired-title"
          columns={RETIRED_COLUMNS}
          rows={identity.retired}
          rowKey={(k) => k.kid}
          rowAttributes={(k) => ({ 'data-kid': k.kid })}
          empty="No retired keys."
          quietEmpty
        />
      </section>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">Rotate issuer key</h2>
        {hasRole(operator, PORTAL_ROLES.admin) ? (
          <RotateIssuerKeyForm />
        ) : (
          <p>Only your company&apos;s administrators can rotate the issuer key (your role: {operator.role}).</p>
        )}
      </section>
    </>
  );
}
