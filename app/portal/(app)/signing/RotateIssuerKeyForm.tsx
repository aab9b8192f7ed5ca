import { ActionForm } from '../../components/ActionForm';
import { ConfirmField } from '../../components/ConfirmField';
import { SubmitButton } from '../../components/SubmitButton';
import { rotateIssuerKeyAction } from './actions';

/** The administrator's rotation, behind the confirmation box every consequential portal action asks for. */
export function RotateIssuerKeyForm() {
  return (
    <ActionForm action={rotateIssuerKeyAction} aria-label="Rotate issuer key">
      <p>
        Makes a new signing key for your company. The current key is retired at once: it signs nothing more, but it
        stays in your DID document, so every passport credential it signed still verifies. Rotate when you suspect the
        key is exposed, or on your own schedule.
      </p>
      <ConfirmField>I understand that new credentials are signed with the new key from now on.</ConfirmField>
      <SubmitButton variant="danger" pendingText="Rotating…">
        Rotate issuer key
      </SubmitButton>
    </ActionForm>
  );
}
