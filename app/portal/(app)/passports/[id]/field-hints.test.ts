import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import type { PortalLocale } from '@/lib/i18n/portal-locales';
import { PORTAL_MESSAGES } from '@/lib/i18n/portal-messages';
import type { PortalTranslator } from '@/lib/portal/i18n';
import { getCategorySchema } from '@/lib/schema/categories';
import type { FieldDefinition } from '@/lib/schema/types';
import { fieldHint, type HintWords } from './field-hints';

const field = (version: number, id: string) =>
  getCategorySchema('EV_BATTERY', version)!.fields.find((f) => f.id === id)!;

function words(locale: PortalLocale): HintWords {
  const messages = PORTAL_MESSAGES[locale];
  const t = createTranslator({ locale, messages, namespace: 'passport' }) as unknown as PortalTranslator;
  const shell = createTranslator({ locale, messages, namespace: 'shell' }) as unknown as PortalTranslator;
  return {
    t,
    tier: (f: FieldDefinition) =>
      locale === 'en' ? shell(`tier.${f.access}`).toLowerCase() : shell(`tier.${f.access}`),
  };
}
const en = words('en');
const de = words('de');

describe('fieldHint', () => {
  it('states the commodity code rule in the words its refusal uses, and that submission needs it', () => {
    expect(fieldHint(field(3, 'commodity_code'), en)).toBe(
      'Public. Mandated for submission. 8 digits of CN heading 8507, such as 85076000.',
    );
  });

  it('gives other text fields their length limit', () => {
    expect(fieldHint(field(3, 'model_number'), en)).toBe(
      'Public. Mandated for submission. Text of at most 100 characters.',
    );
  });

  it('names a restricted field’s tier and a number’s bounds with its unit', () => {
    const restricted = getCategorySchema('EV_BATTERY', 3)!.fields.find((f) => f.access === 'legitimate_interest')!;
    expect(fieldHint(restricted, en)).toMatch(/^Restricted: legitimate interest tier\./);
    const bounded: FieldDefinition = { ...field(3, 'model_number'), type: 'number', min: 0, max: 100, unit: '%' };
    expect(fieldHint(bounded, en)).toBe('Public. Mandated for submission. A number between 0 and 100 %.');
    expect(fieldHint({ ...bounded, min: undefined, max: undefined, unit: 'kg' }, en)).toBe(
      'Public. Mandated for submission. A number in kg.',
    );
  });

  it('speaks German for a German operator, numbers written as the input takes them', () => {
    expect(fieldHint(field(3, 'model_number'), de)).toBe(
      'Öffentlich. Für die Einreichung erforderlich. Text mit höchstens 100 Zeichen.',
    );
    const restricted = getCategorySchema('EV_BATTERY', 3)!.fields.find((f) => f.access === 'legitimate_interest')!;
    expect(fieldHint(restricted, de)).toMatch(/^Eingeschränkt: Stufe „Berechtigtes Interesse“\./);
    const bounded: FieldDefinition = { ...field(3, 'model_number'), type: 'integer', min: 0.5, unit: 'kWh' };
    expect(fieldHint(bounded, de)).toBe(
      'Öffentlich. Für die Einreichung erforderlich. Eine ganze Zahl, mindestens 0.5 kWh.',
    );
  });
});
