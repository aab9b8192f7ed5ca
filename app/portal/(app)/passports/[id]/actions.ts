'use server';

import { revalidatePath } from 'next/cache';
import { type ActionState, formText, runAction } from '@/lib/portal/action';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { FORM_INCOMPLETE_MESSAGE, saveFormDataGroup } from '@/lib/portal/passports/edit-form-data';
import { errorsByInput } from '@/lib/portal/passports/form-input';
import { moveDraftToCurrentSchema } from '@/lib/portal/passports/upgrade-schema';
import { PORTAL_ROLES } from '@/lib/portal/session';

/** The portal's own refusal in the operator's language; the API's messages stay as the API writes them. */
function say(state: ActionState, t: PortalTranslator): ActionState {
  return state.message === FORM_INCOMPLETE_MESSAGE ? { ...state, message: t('data.formIncomplete') } : state;
}

/** Saves one group of a draft's form data through the same verb as the API's PUT form-data. */
export async function saveFormData(_previous: ActionState, form: FormData): Promise<ActionState> {
  const t = await portalT('passport');
  const state = await runAction(PORTAL_ROLES.edit, async ({ ctx }) => {
    const productId = formText(form, 'productId');
    const { changed } = await saveFormDataGroup({
      ctx,
      input: { productId, group: formText(form, 'group'), lockVersion: formText(form, 'lockVersion'), form },
    });
    revalidatePath(`/portal/passports/${productId}`);
    return changed ? {} : { message: t('data.nothingChanged') };
  });
  return { ...say(state, t), fieldErrors: errorsByInput(state.fieldErrors) };
}

/** Moves a draft to its category's current schema version through the same verb as the API's schema-upgrade. */
export async function upgradeSchema(_previous: ActionState, form: FormData): Promise<ActionState> {
  const t = await portalT('passport');
  const state = await runAction(PORTAL_ROLES.edit, async ({ ctx }) => {
    const productId = formText(form, 'productId');
    const lockVersion = formText(form, 'lockVersion');
    const moved = await moveDraftToCurrentSchema({ ctx, input: { productId, lockVersion } });
    revalidatePath(`/portal/passports/${productId}`);
    return { message: t('schemaUpgrade.moved', { version: String(moved.schemaVersion) }) };
  });
  return say(state, t);
}
