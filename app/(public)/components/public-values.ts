import type { PublicPassport } from '@/lib/passport/public/representations';
import { isPublic, numberField } from '@/lib/schema/public-fields';
import type { FieldDefinition } from '@/lib/schema/types';
import { isMissing } from '@/lib/schema/value-format';

/** A field of the passport's schema when the schema makes it public: summaries and charts show nothing else. */
export function publicField(passport: PublicPassport, id: string): FieldDefinition | null {
  const def = passport.schema.fields.find((f) => f.id === id);
  return def && isPublic(def) ? def : null;
}

/** A public field's value, or undefined when the field is restricted or the value missing. */
export function publicValue(passport: PublicPassport, id: string): unknown {
  const value = publicField(passport, id) ? passport.fields[id] : undefined;
  return isMissing(value) ? undefined : value;
}

/** A public field's number, null when restricted, missing or not a number. */
export function publicNumber(passport: PublicPassport, id: string): number | null {
  return publicField(passport, id) ? numberField(passport.fields, id) : null;
}
