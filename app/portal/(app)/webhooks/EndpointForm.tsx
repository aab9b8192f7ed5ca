import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import s from '@/app/portal/portal.module.css';
import type { Mode } from '@/lib/db/generated/enums';
import { portalT } from '@/lib/portal/i18n';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { createEndpointAction } from './actions';

/** A new endpoint: where to, which events, which mode; its whsec_ signing secret is shown once. */
export async function EndpointForm({ mode }: { mode: Mode }) {
  const t = await portalT('admin');
  return (
    <ActionForm action={createEndpointAction} aria-label={t('webhooks.create.label')}>
      <KeepFormValues />
      <div className={a.field}>
        <label>
          {t('webhooks.create.url')}
          <input
            name="url"
            type="url"
            required
            maxLength={2048}
            placeholder="https://erp.example.com/hooks/battery-passport"
            aria-describedby="url-hint url-error"
          />
        </label>
        <span id="url-hint" className={a.hint}>
          {t('webhooks.create.urlHint')}
        </span>
        <FieldError name="url" />
      </div>
      <label>
        {t('webhooks.create.description')}
        <input name="description" maxLength={500} autoComplete="off" />
      </label>
      <fieldset>
        <legend>{t('webhooks.create.mode')}</legend>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="live" defaultChecked={mode === 'LIVE'} />{' '}
          <span>{t('webhooks.create.live')}</span>
        </label>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="test" defaultChecked={mode === 'TEST'} />{' '}
          <span>{t('webhooks.create.test')}</span>
        </label>
      </fieldset>
      <fieldset aria-describedby="eventTypes-error">
        <legend>{t('webhooks.create.eventTypes')}</legend>
        <div className={a.scopes}>
          <label className={a.checkboxLine}>
            <input type="checkbox" name="eventTypes" value="*" />
            <span>{t('webhooks.create.allEvents')}</span>
          </label>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className={a.checkboxLine}>
              <input type="checkbox" name="eventTypes" value={type} />
              <code>{type}</code>
            </label>
          ))}
        </div>
        <FieldError name="eventTypes" />
      </fieldset>
      <SubmitButton pendingText={t('webhooks.create.pending')}>{t('webhooks.create.submit')}</SubmitButton>
    </ActionForm>
  );
}
