import { describe, expect, it } from 'vitest';
import { englishFieldMessages } from './field-messages';
import { DEFAULT_LOCALE, LOCALES } from './locales';
import { englishLeftShare, expectTranslationOf, flatten, type Tree } from './message-checks';
import { MESSAGES } from './messages';
import { i18nFor } from './translator';

const english = flatten(MESSAGES[DEFAULT_LOCALE] as unknown as Tree);

describe('message files: one reviewed file per official EU language', () => {
  it('there is a file for each of the 24 official languages', () => {
    expect(LOCALES).toHaveLength(24);
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
  });

  it("the English file's field labels, help texts, option labels, categories and sections are the schemas' own", () => {
    const { fields, categories, groups } = MESSAGES.en;
    expect({ fields, categories, groups }).toEqual(englishFieldMessages());
  });

  it.each(LOCALES)(
    '%s: every message of the English file, no other, each valid ICU with the same arguments',
    (locale) => {
      expectTranslationOf(english, MESSAGES[locale] as unknown as Tree, locale);
    },
  );

  it.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))('%s: translated, not English left in place', (locale) => {
    // Proper names, units and international terms may read the same; a whole section left in English may not.
    expect(englishLeftShare(english, MESSAGES[locale] as unknown as Tree)).toBeLessThan(0.1);
  });
});

describe('translator', () => {
  it('formats numbers, dates and plurals for the language, and labels fields in it', () => {
    const de = i18nFor('de');
    expect(de.fmt.formatNumber(1234.5, 'kWh')).toBe('1.234,5 kWh');
    expect(de.fmt.formatDate('2026-03-12')).toBe('12. März 2026');
    const en = i18nFor('en');
    expect(en.fmt.formatNumber(1234.5, 'kWh')).toBe('1,234.5 kWh');
    expect(en.t('common.entries', { count: 1 })).toBe('1 entry');
    expect(en.t('common.entries', { count: 3 })).toBe('3 entries');
    const field = { id: 'battery_chemistry', label: 'Battery chemistry' } as Parameters<typeof en.label>[0];
    expect(en.label(field)).toBe('Battery chemistry');
    expect(de.label(field)).not.toBe('Battery chemistry');
  });

  it("a field a language file does not know keeps the schema's own label", () => {
    const field = { id: 'not_a_field', label: 'Own label' } as Parameters<ReturnType<typeof i18nFor>['label']>[0];
    expect(i18nFor('fr').label(field)).toBe('Own label');
  });
});
