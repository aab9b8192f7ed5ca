import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import s from '@/app/portal/portal.module.css';
import type { Mode } from '@/lib/db/generated/enums';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { createEndpointAction } from './actions';

/** A new endpoint: where to, which events, which mode; its whsec_ signing secret is shown once. */
export function EndpointForm({ mode }: { mode: Mode }) {
  return (
    <ActionForm action={createEndpointAction} aria-label="New webhook endpoint">
      <KeepFormValues />
      <div className={a.field}>
        <label>
          URL
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
          Live endpoints need https. Addresses that resolve to private or internal networks are refused.
        </span>
        <FieldError name="url" />
      </div>
      <label>
        Description
        <input name="description" maxLength={500} autoComplete="off" />
      </label>
      <fieldset>
        <legend>Mode</legend>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="live" defaultChecked={mode === 'LIVE'} />{' '}
          <span>Live: events of real passports</span>
        </label>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="test" defaultChecked={mode === 'TEST'} />{' '}
          <span>Sandbox: events of sandbox data only</span>
        </label>
      </fieldset>
      <fieldset aria-describedby="eventTypes-error">
        <legend>Event types</legend>
        <div className={a.scopes}>
          <label className={a.checkboxLine}>
            <input type="checkbox" name="eventTypes" value="*" />
            <span>All event types, present and future</span>
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
      <SubmitButton pendingText="Creating…">Create endpoint</SubmitButton>
    </ActionForm>
  );
}
