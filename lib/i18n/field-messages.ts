import { CATEGORY_INFO, CATEGORY_SCHEMAS } from '../schema/categories';
import { GROUP_TITLES } from '../schema/public-fields';
import { BATTERY_CATEGORIES, type FieldDefinition } from '../schema/types';

/**
 * The English field messages as the schemas state them: each field's label, help text and option labels (list
 * members nested under `items`), the category names and the section titles. `messages/en.json` holds exactly this
 * under `fields`, `categories` and `groups` (a test compares them), and every other language translates it.
 */
export interface FieldMessage {
  label: string;
  help?: string;
  options?: Record<string, string>;
  items?: Record<string, FieldMessage>;
}

function fieldMessage(field: FieldDefinition): FieldMessage {
  const message: FieldMessage = { label: field.label };
  if (field.description) message.help = field.description;
  if (field.options?.length) message.options = Object.fromEntries(field.options.map((o) => [o.value, o.label]));
  if (field.items?.length) message.items = Object.fromEntries(field.items.map((f) => [f.id, fieldMessage(f)]));
  return message;
}

export function englishFieldMessages() {
  const fields: Record<string, FieldMessage> = {};
  for (const category of BATTERY_CATEGORIES) {
    for (const field of CATEGORY_SCHEMAS[category].fields) fields[field.id] ??= fieldMessage(field);
  }
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return {
    fields: sorted,
    categories: Object.fromEntries(BATTERY_CATEGORIES.map((c) => [c, CATEGORY_INFO[c].name])),
    groups: { ...GROUP_TITLES },
  };
}
