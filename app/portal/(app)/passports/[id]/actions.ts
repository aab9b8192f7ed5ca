'use server';

import { revalidatePath } from 'next/cache';
import { type ActionState, formText, runAction } from '@/lib/portal/action';
import { saveFormDataGroup } from '@/lib/portal/passports/edit-form-data';
import { errorsByInput } from '@/lib/portal/passports/form-input';
import { moveDraftToCurrentSchema } from '@/lib/portal/passports/upgrade-schema';
import { PORTAL_ROLES } from '@/lib/portal/session';

/** Saves one group of a draft's form data through the same verb as the API's PUT form-data. */
export async function saveFormData(_previous: ActionState, form: FormData): Promise<ActionState> {
  const state = await runAction(PORTAL_ROLES.edit, async ({ ctx }) => {
    const productId = formText(form, 'productId');
    const { changed } = await saveFormDataGroup({
      ctx,
      input: { productId, group: formText(form, 'group'), lockVersion: formText(form, 'lockVersion'), form },
    });
    revalidatePath(`/portal/passports/${productId}`);
    return changed ? {} : { message: 'No value changed, so nothing was saved.' };
  });
  return { ...state, fieldErrors: errorsByInput(state.fieldErrors) };
}

/** Moves a draft to its category's current schema version through the same verb as the API's schema-upgrade. */
export async function upgradeSchema(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.edit, async ({ ctx }) => {
    const productId = formText(form, 'productId');
    const lockVersion = formText(form, 'lockVersion');
    const moved = await moveDraftToCurrentSchema({ ctx, input: { productId, lockVersion } });
    revalidatePath(`/portal/passports/${productId}`);
    return { message: `Moved to schema version ${moved.schemaVersion}: fill its new fields below.` };
  });
}
