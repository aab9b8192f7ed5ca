import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { DEFAULT_GRACE_HOURS, MAX_GRACE_HOURS } from '@/lib/integration/key-admin/rotate';
import type { KeyView } from '@/lib/integration/key-admin/view';
import { portalT } from '@/lib/portal/i18n';
import { ActionForm, FieldError } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import { AllowedCidrsField, KeyNameField } from '../KeyOptionFields';
import { revokeKeyAction, rotateKeyAction, rotateSigningSecretAction, updateKeyAction } from './actions';

/**
 * Each form stays mounted whatever the key's state, so the one-time values and messages it shows survive the
 * page refresh that follows the change; only its controls depend on the state.
 */
export async function KeyActions({ keyView: key }: { keyView: KeyView }) {
  const t = await portalT('admin');
  const working = key.status === 'active' || key.status === 'grace';
  return (
    <div className={a.actions}>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">{t('key.rotate.title')}</h2>
        <ActionForm action={rotateKeyAction.bind(null, key.id)} aria-label={t('key.rotate.label')}>
          {key.status === 'active' ? (
            <>
              <p>{t('key.rotate.body', { hours: DEFAULT_GRACE_HOURS })}</p>
              <div className={a.field}>
                <label>
                  {t('key.rotate.grace')}
                  <input
                    name="graceHours"
                    type="number"
                    min={0}
                    max={MAX_GRACE_HOURS}
                    step={1}
                    defaultValue={DEFAULT_GRACE_HOURS}
                    aria-describedby="graceHours-error"
                  />
                </label>
                <FieldError name="graceHours" />
              </div>
              <SubmitButton pendingText={t('key.rotate.pending')}>{t('key.rotate.submit')}</SubmitButton>
            </>
          ) : (
            <p>{t('key.rotate.notActive')}</p>
          )}
        </ActionForm>
      </section>
      <section aria-labelledby="secret-title">
        <h2 id="secret-title">{t('key.secret.title')}</h2>
        <ActionForm action={rotateSigningSecretAction.bind(null, key.id)} aria-label={t('key.secret.label')}>
          {working ? (
            <>
              <p>{t('key.secret.body')}</p>
              <ConfirmField>{t('key.secret.confirm')}</ConfirmField>
              <SubmitButton variant="secondary" pendingText={t('key.secret.pending')}>
                {t('key.secret.submit')}
              </SubmitButton>
            </>
          ) : (
            <p>{t('key.secret.notWorking')}</p>
          )}
        </ActionForm>
      </section>
      <section aria-labelledby="edit-title">
        <h2 id="edit-title">{t('key.edit.title')}</h2>
        <ActionForm action={updateKeyAction.bind(null, key.id)} aria-label={t('key.edit.label')}>
          <KeepFormValues />
          <KeyNameField defaultValue={key.name} />
          <AllowedCidrsField defaultValue={key.allowedCidrs.join('\n')} />
          <SubmitButton variant="secondary" pendingText={t('key.edit.pending')}>
            {t('key.edit.submit')}
          </SubmitButton>
        </ActionForm>
      </section>
      <section aria-labelledby="revoke-title">
        <h2 id="revoke-title">{t('key.revoke.title')}</h2>
        <ActionForm action={revokeKeyAction.bind(null, key.id)} aria-label={t('key.revoke.label')}>
          {key.status === 'revoked' ? (
            <p>{t('key.revoke.revoked')}</p>
          ) : (
            <>
              <p>{t('key.revoke.body')}</p>
              <ConfirmField>{t('key.revoke.confirm')}</ConfirmField>
              <SubmitButton variant="danger" pendingText={t('key.revoke.pending')}>
                {t('key.revoke.submit')}
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </section>
    </div>
  );
}
