import Link from 'next/link';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import s from '@/app/portal/portal.module.css';
import { MAX_KEY_LIFETIME_DAYS } from '@/lib/integration/keys';
import { PRIVILEGED_SCOPES, SCOPES } from '@/lib/integration/scopes';
import { scopeDescription } from '@/lib/portal/admin/scopes';
import { slotted } from '@/lib/portal/admin/slots';
import { portalLocale, portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, requireOperator } from '@/lib/portal/session';
import { ActionForm, FieldError } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import { mintAdminKeyAction } from '../actions';
import { KeyNameField, KeyOptionFields } from '../KeyOptionFields';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('newAdminKey.title') };
}

export default async function NewAdminKeyPage() {
  const operator = await requireOperator();
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('keys.what')} />;
  const locale = await portalLocale();
  return (
    <>
      <p>
        <Link href="/portal/keys">{t('key.all')}</Link>
      </p>
      <h1>{t('newAdminKey.title')}</h1>
      <div className={a.warning} role="note">
        <p>
          <strong>{t('newAdminKey.powerful')}</strong>{' '}
          {slotted((m) => t('newAdminKey.powers', m), {
            keysAdmin: <code>keys:admin</code>,
            gdprAdmin: <code>gdpr:admin</code>,
          })}
        </p>
        <p>{t('newAdminKey.advice')}</p>
      </div>
      <ActionForm action={mintAdminKeyAction} aria-label={t('newAdminKey.title')}>
        <KeepFormValues />
        <KeyNameField />
        <fieldset aria-describedby="scope-error">
          <legend>{t('newAdminKey.scope')}</legend>
          {PRIVILEGED_SCOPES.map((scope) => (
            <label key={scope} className={s.checkbox}>
              <input type="radio" name="scope" value={scope} required />
              <span>
                <code>{scope}</code>{' '}
                <span className={a.hint}>
                  {scopeDescription(scope, locale)}
                  {SCOPES[scope].liveOnly ? ` ${t('newAdminKey.liveOnly')}` : ''}
                </span>
              </span>
            </label>
          ))}
          <FieldError name="scope" />
        </fieldset>
        <KeyOptionFields maxDays={MAX_KEY_LIFETIME_DAYS} />
        <ConfirmField>{t('newAdminKey.confirm')}</ConfirmField>
        <SubmitButton pendingText={t('keys.mint.pending')}>{t('newAdminKey.submit')}</SubmitButton>
      </ActionForm>
    </>
  );
}
