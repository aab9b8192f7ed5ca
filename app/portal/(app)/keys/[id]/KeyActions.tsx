import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { DEFAULT_GRACE_HOURS, MAX_GRACE_HOURS } from '@/lib/integration/key-admin/rotate';
import type { KeyView } from '@/lib/integration/key-admin/view';
import { ActionForm, FieldError } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import { AllowedCidrsField, KeyNameField } from '../KeyOptionFields';
import { revokeKeyAction, rotateKeyAction, rotateSigningSecretAction, updateKeyAction } from './actions';

/**
 * Each form stays mounted whatever the key's state, so the one-time values and messages it shows survive the
 * page refresh that follows the change; only its controls depend on the state.
 */
export function KeyActions({ keyView: key }: { keyView: KeyView }) {
  const working = key.status === 'active' || key.status === 'grace';
  return (
    <div className={a.actions}>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">Rotate</h2>
        <ActionForm action={rotateKeyAction.bind(null, key.id)} aria-label="Rotate key">
          {key.status === 'active' ? (
            <>
              <p>
                Mints a successor with the same name, scopes, mode, addresses and lifetime, and a new signing secret.
                This key keeps working for the grace period (default {DEFAULT_GRACE_HOURS} hours), so you can deploy the
                new one first; then it stops.
              </p>
              <div className={a.field}>
                <label>
                  Grace period (hours)
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
              <SubmitButton pendingText="Rotating…">Rotate key</SubmitButton>
            </>
          ) : (
            <p>Only an active key can be rotated.</p>
          )}
        </ActionForm>
      </section>
      <section aria-labelledby="secret-title">
        <h2 id="secret-title">Signing secret</h2>
        <ActionForm action={rotateSigningSecretAction.bind(null, key.id)} aria-label="Rotate signing secret">
          {working ? (
            <>
              <p>
                Issues a new signing secret for this key. The current secret stops verifying at once: update your
                systems straight away.
              </p>
              <ConfirmField>I understand that signed requests with the current secret fail from now on.</ConfirmField>
              <SubmitButton variant="secondary" pendingText="Issuing…">
                Rotate signing secret
              </SubmitButton>
            </>
          ) : (
            <p>This key no longer works; its signing secret cannot be replaced.</p>
          )}
        </ActionForm>
      </section>
      <section aria-labelledby="edit-title">
        <h2 id="edit-title">Name and allowed addresses</h2>
        <ActionForm action={updateKeyAction.bind(null, key.id)} aria-label="Change key">
          <KeepFormValues />
          <KeyNameField defaultValue={key.name} />
          <AllowedCidrsField defaultValue={key.allowedCidrs.join('\n')} />
          <SubmitButton variant="secondary" pendingText="Saving…">
            Save
          </SubmitButton>
        </ActionForm>
      </section>
      <section aria-labelledby="revoke-title">
        <h2 id="revoke-title">Revoke</h2>
        <ActionForm action={revokeKeyAction.bind(null, key.id)} aria-label="Revoke key">
          {key.status === 'revoked' ? (
            <p>This key is revoked.</p>
          ) : (
            <>
              <p>Revoking is immediate and final: the key is refused from its very next request.</p>
              <ConfirmField>I understand that requests with this key are refused from now on.</ConfirmField>
              <SubmitButton variant="danger" pendingText="Revoking…">
                Revoke key
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </section>
    </div>
  );
}
