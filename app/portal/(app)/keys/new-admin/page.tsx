import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import s from '@/app/portal/portal.module.css';
import { MAX_KEY_LIFETIME_DAYS } from '@/lib/integration/keys';
import { PRIVILEGED_SCOPES, SCOPES } from '@/lib/integration/scopes';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { ActionForm, FieldError } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import { mintAdminKeyAction } from '../actions';
import { KeyNameField, KeyOptionFields } from '../KeyOptionFields';

export const metadata: Metadata = { title: 'New admin key' };

export default async function NewAdminKeyPage() {
  const operator = await requireOperator();
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what="API keys" />;
  return (
    <>
      <p>
        <Link href="/portal/keys">All API keys</Link>
      </p>
      <h1>New admin key</h1>
      <div className={a.warning} role="note">
        <p>
          <strong>An admin key is powerful.</strong> <code>keys:admin</code> can mint, rotate and revoke every API key
          of your company through the API; <code>gdpr:admin</code> can read, export and erase the personal data your
          company holds.
        </p>
        <p>
          Each privileged scope goes alone on its own key. Give it only to the one system that needs it, prefer a short
          lifetime and an address allow-list, and revoke it when it is no longer used.
        </p>
      </div>
      <ActionForm action={mintAdminKeyAction} aria-label="New admin key">
        <KeepFormValues />
        <KeyNameField />
        <fieldset aria-describedby="scope-error">
          <legend>Privileged scope (exactly one)</legend>
          {PRIVILEGED_SCOPES.map((scope) => (
            <label key={scope} className={s.checkbox}>
              <input type="radio" name="scope" value={scope} required />
              <span>
                <code>{scope}</code>{' '}
                <span className={a.hint}>
                  {SCOPES[scope].description}
                  {SCOPES[scope].liveOnly ? ' Live keys only.' : ''}
                </span>
              </span>
            </label>
          ))}
          <FieldError name="scope" />
        </fieldset>
        <KeyOptionFields maxDays={MAX_KEY_LIFETIME_DAYS} />
        <ConfirmField>I understand what this key can do and will keep it in a secret manager.</ConfirmField>
        <SubmitButton pendingText="Minting…">Mint admin key</SubmitButton>
      </ActionForm>
    </>
  );
}
