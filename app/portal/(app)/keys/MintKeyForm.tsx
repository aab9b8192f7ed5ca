import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { MAX_KEY_LIFETIME_DAYS } from '@/lib/integration/keys';
import { GRANTABLE_SCOPES } from '@/lib/integration/scopes';
import { scopeDescription } from '@/lib/portal/admin/scopes';
import { portalLocale, portalT } from '@/lib/portal/i18n';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { mintKeyAction } from './actions';
import { KeyNameField, KeyOptionFields } from './KeyOptionFields';

/** The ordinary key: grantable scopes only; the privileged ones come from the admin-key page. */
export async function MintKeyForm() {
  const t = await portalT('admin');
  const locale = await portalLocale();
  return (
    <ActionForm action={mintKeyAction} aria-label={t('keys.mint.title')}>
      <KeepFormValues />
      <KeyNameField />
      <fieldset aria-describedby="scopes-error">
        <legend>{t('keys.mint.scopes')}</legend>
        <div className={a.scopes}>
          {GRANTABLE_SCOPES.map((scope) => (
            <label key={scope} className={a.checkboxLine}>
              <input type="checkbox" name="scopes" value={scope} />
              <span>
                <code>{scope}</code> <span className={a.hint}>{scopeDescription(scope, locale)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError name="scopes" />
      </fieldset>
      <KeyOptionFields maxDays={MAX_KEY_LIFETIME_DAYS} />
      <SubmitButton pendingText={t('keys.mint.pending')}>{t('keys.mint.submit')}</SubmitButton>
    </ActionForm>
  );
}
