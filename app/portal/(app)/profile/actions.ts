'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { type ActionState, formText, runAction } from '@/lib/portal/action';
import { parseLanguageChoice, setOperatorLanguage } from '@/lib/portal/profile/language';

/**
 * Saves the operator's portal language, then loads the profile again: the whole portal (navigation included)
 * speaks the new language from that answer on, with or without client script.
 */
export async function chooseLanguageAction(_: ActionState, form: FormData): Promise<ActionState> {
  const result = await runAction('any', async ({ operator }) => {
    await setOperatorLanguage(operator.id, parseLanguageChoice(formText(form, 'locale')));
  });
  if (!result.ok) return result;
  revalidatePath('/portal', 'layout');
  redirect('/portal/profile?saved=language');
}
