import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { portalT } from '@/lib/portal/i18n';
import { ActionForm } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import type { EndpointView } from '../EndpointState';
import { deleteEndpointAction, rotateSecretAction, setEnabledAction } from './actions';

/** Pause or resume, a new signing secret, deletion. Each form stays mounted so its message survives the refresh. */
export async function EndpointActions({ endpoint }: { endpoint: EndpointView }) {
  const t = await portalT('admin');
  return (
    <div className={a.actions}>
      <section aria-labelledby="state-title">
        <h2 id="state-title">{endpoint.enabled ? t('endpoint.disable.title') : t('endpoint.enable.title')}</h2>
        <ActionForm
          action={setEnabledAction.bind(null, endpoint.id, !endpoint.enabled)}
          aria-label={t('endpoint.stateLabel')}
        >
          <p>{endpoint.enabled ? t('endpoint.disable.body') : t('endpoint.enable.body')}</p>
          <div className={s.inline}>
            <SubmitButton
              variant="secondary"
              pendingText={endpoint.enabled ? t('endpoint.disable.pending') : t('endpoint.enable.pending')}
            >
              {endpoint.enabled ? t('endpoint.disable.submit') : t('endpoint.enable.submit')}
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">{t('endpoint.secret.title')}</h2>
        <ActionForm action={rotateSecretAction.bind(null, endpoint.id)} aria-label={t('endpoint.secret.label')}>
          <p>{t('endpoint.secret.body')}</p>
          <div className={s.inline}>
            <SubmitButton variant="secondary" pendingText={t('endpoint.secret.pending')}>
              {t('endpoint.secret.label')}
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
      <section aria-labelledby="delete-title">
        <h2 id="delete-title">{t('endpoint.delete.title')}</h2>
        <ActionForm action={deleteEndpointAction.bind(null, endpoint.id)} aria-label={t('endpoint.delete.label')}>
          <p>{t('endpoint.delete.body')}</p>
          <ConfirmField>{t('endpoint.delete.confirm')}</ConfirmField>
          <div className={s.inline}>
            <SubmitButton variant="danger" pendingText={t('endpoint.delete.pending')}>
              {t('endpoint.delete.label')}
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
    </div>
  );
}
