import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { MAX_KEY_LIFETIME_DAYS } from '@/lib/integration/keys';
import { GRANTABLE_SCOPES, SCOPES } from '@/lib/integration/scopes';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { mintKeyAction } from './actions';
import { KeyNameField, KeyOptionFields } from './KeyOptionFields';

/** The ordinary key: grantable scopes only; the privileged ones come from the admin-key page. */
export function MintKeyForm() {
  return (
    <ActionForm action={mintKeyAction} aria-label="New integration key">
      <KeepFormValues />
      <KeyNameField />
      <fieldset aria-describedby="scopes-error">
        <legend>Scopes</legend>
        <div className={a.scopes}>
          {GRANTABLE_SCOPES.map((scope) => (
            <label key={scope} className={a.checkboxLine}>
              <input type="checkbox" name="scopes" value={scope} />
              <span>
                <code>{scope}</code> <span className={a.hint}>{SCOPES[scope].description}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError name="scopes" />
      </fieldset>
      <KeyOptionFields maxDays={MAX_KEY_LIFETIME_DAYS} />
      <SubmitButton pendingText="Minting…">Mint key</SubmitButton>
    </ActionForm>
  );
}
