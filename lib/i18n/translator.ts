import { createTranslator } from 'use-intl/core';
import type { FieldDefinition } from '../schema/types';
import { createValueFormat } from '../schema/value-format';
import type { FieldMessage } from './field-messages';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { MESSAGES, type Messages } from './messages';

/** The Intl tag of a language where the bare code would pick another region's conventions (US English's dates). */
const INTL_TAG: Partial<Record<Locale, string>> = { en: 'en-GB' };

function makeI18n(locale: Locale) {
  const messages: Messages = MESSAGES[locale];
  const t = createTranslator({ locale, messages, timeZone: 'UTC' });
  const fields = messages.fields as Record<string, FieldMessage>;
  /** A field's messages in this language: a list member's under its list's; none for a field the file lacks. */
  const fieldMessages = (field: FieldDefinition, parent?: FieldDefinition): FieldMessage | undefined =>
    parent ? fields[parent.id]?.items?.[field.id] : fields[field.id];
  const options = new Map<string, Record<string, string> | undefined>();
  const fmt = createValueFormat(INTL_TAG[locale] ?? locale, {
    yes: t('common.yes'),
    no: t('common.no'),
    // Option labels by field id (a list member's id is unique in its list; one of a top-level field wins).
    option: (field, value) => {
      if (!options.has(field.id)) {
        const found =
          fields[field.id]?.options ??
          Object.values(fields).find((f) => f.items?.[field.id]?.options)?.items?.[field.id]?.options;
        options.set(field.id, found);
      }
      return options.get(field.id)?.[value] ?? field.options?.find((o) => o.value === value)?.label;
    },
  });
  return {
    locale,
    t,
    fmt,
    /** A field's label in this language, the schema's own when the file has none (a field of another version). */
    label: (field: FieldDefinition, parent?: FieldDefinition) => fieldMessages(field, parent)?.label ?? field.label,
    help: (field: FieldDefinition, parent?: FieldDefinition) => fieldMessages(field, parent)?.help ?? field.description,
    category: (code: string) => (messages.categories as Record<string, string>)[code] ?? code,
    group: (group: string) => (messages.groups as Record<string, string>)[group] ?? group,
  };
}
export type I18n = ReturnType<typeof makeI18n>;

const made = new Map<Locale, I18n>();

/** The messages, translator and value formats of one language (made once per process). */
export function i18nFor(locale: Locale = DEFAULT_LOCALE): I18n {
  let i18n = made.get(locale);
  if (!i18n) {
    i18n = makeI18n(locale);
    made.set(locale, i18n);
  }
  return i18n;
}
