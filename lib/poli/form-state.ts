// The request form's state, shared by the server action and the form component (no server imports here).

export type PoliFormField = 'email' | 'name' | 'organisation' | 'role' | 'consent';

export interface PoliFormValues {
  email: string;
  name: string;
  organisation: string;
  role: string;
}

/**
 * What the form shows after a submission: messages per field, or one outcome for the whole form (`failed`: the
 * service could not take it right now).
 */
export interface PoliFormState {
  status: 'idle' | 'invalid' | 'sent' | 'throttled' | 'unavailable' | 'failed';
  errors: Partial<Record<PoliFormField, string>>;
  values: PoliFormValues;
}

/** Bots fill every field they find; people never see this one. */
export const HONEYPOT_FIELD = 'website';

export const EMPTY_VALUES: PoliFormValues = { email: '', name: '', organisation: '', role: '' };
export const INITIAL_FORM_STATE: PoliFormState = { status: 'idle', errors: {}, values: EMPTY_VALUES };
