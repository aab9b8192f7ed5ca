import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { ActionForm } from '../../../components/ActionForm';
import { ConfirmField } from '../../../components/ConfirmField';
import { SubmitButton } from '../../../components/SubmitButton';
import type { EndpointView } from '../EndpointState';
import { deleteEndpointAction, rotateSecretAction, setEnabledAction } from './actions';

/** Pause or resume, a new signing secret, deletion. Each form stays mounted so its message survives the refresh. */
export function EndpointActions({ endpoint }: { endpoint: EndpointView }) {
  return (
    <div className={a.actions}>
      <section aria-labelledby="state-title">
        <h2 id="state-title">{endpoint.enabled ? 'Disable' : 'Enable'}</h2>
        <ActionForm
          action={setEnabledAction.bind(null, endpoint.id, !endpoint.enabled)}
          aria-label="Enable or disable endpoint"
        >
          <p>
            {endpoint.enabled
              ? 'Pauses deliveries; events keep queueing and are sent when you enable the endpoint again.'
              : 'Resumes deliveries, including those that waited while the endpoint was disabled, and clears the failure streak.'}
          </p>
          <div className={s.inline}>
            <SubmitButton variant="secondary" pendingText={endpoint.enabled ? 'Disabling…' : 'Enabling…'}>
              {endpoint.enabled ? 'Disable endpoint' : 'Enable endpoint'}
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
      <section aria-labelledby="rotate-title">
        <h2 id="rotate-title">Signing secret</h2>
        <ActionForm action={rotateSecretAction.bind(null, endpoint.id)} aria-label="Rotate signing secret">
          <p>
            Issues a new whsec_ secret, shown once. For 24 hours deliveries carry signatures of both secrets, so your
            receiver can switch without losing one.
          </p>
          <div className={s.inline}>
            <SubmitButton variant="secondary" pendingText="Issuing…">
              Rotate signing secret
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
      <section aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <ActionForm action={deleteEndpointAction.bind(null, endpoint.id)} aria-label="Delete endpoint">
          <p>Deletes the endpoint and its delivery history. Nothing more is sent to it.</p>
          <ConfirmField>I understand that this endpoint and its history are deleted.</ConfirmField>
          <div className={s.inline}>
            <SubmitButton variant="danger" pendingText="Deleting…">
              Delete endpoint
            </SubmitButton>
          </div>
        </ActionForm>
      </section>
    </div>
  );
}
