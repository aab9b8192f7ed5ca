'use client';

import { useTranslations } from 'use-intl/react';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import s from '../../portal.module.css';
import { chooseLanguageAction } from './actions';

/** The portal language as radio buttons: the browser's, or one of the portal's languages named in itself. */
export function LanguageForm({
  chosen,
  options,
}: {
  chosen: string;
  options: { value: string; label: string; lang?: string }[];
}) {
  const t = useTranslations('profile');
  return (
    <ActionForm action={chooseLanguageAction} aria-label={t('language.heading')}>
      <fieldset aria-describedby="locale-error">
        <legend>{t('language.legend')}</legend>
        {options.map((option) => (
          <label key={option.value || 'browser'} className={s.checkbox}>
            <input type="radio" name="locale" value={option.value} defaultChecked={option.value === chosen} />
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
        <FieldError name="locale" />
      </fieldset>
      <SubmitButton>{t('language.save')}</SubmitButton>
    </ActionForm>
  );
}
