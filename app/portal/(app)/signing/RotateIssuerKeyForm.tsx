import { portalT } from '@/lib/portal/i18n';
import { ActionForm } from '../../components/ActionForm';
import { ConfirmField } from '../../components/ConfirmField';
import { SubmitButton } from '../../components/SubmitButton';
import { rotateIssuerKeyAction } from './actions';

/** The administrator's rotation, behind the confirmation box every consequential portal action asks for. */
export async function RotateIssuerKeyForm() {
  const t = await portalT('admin');
  return (
    <ActionForm action={rotateIssuerKeyAction} aria-label={t('signing.rotate.title')}>
      <p>{t('signing.rotate.body')}</p>
      <ConfirmField>{t('signing.rotate.confirm')}</ConfirmField>
      <SubmitButton variant="danger" pendingText={t('signing.rotate.pending')}>
        {t('signing.rotate.title')}
      </SubmitButton>
    </ActionForm>
  );
}
