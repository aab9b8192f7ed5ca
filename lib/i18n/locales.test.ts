import { describe, expect, it } from 'vitest';
import { endonym, LOCALES, negotiateLocale } from './locales';

describe('a public page’s language: ?lang=, then Accept-Language, then English', () => {
  it('?lang= naming an official language wins over Accept-Language, in any case', () => {
    expect(negotiateLocale('el', 'de')).toEqual({ locale: 'el', source: 'query' });
    expect(negotiateLocale('MT', null)).toEqual({ locale: 'mt', source: 'query' });
  });

  it('an unknown ?lang= falls through to Accept-Language', () => {
    expect(negotiateLocale('xx', 'fr')).toEqual({ locale: 'fr', source: 'header' });
    expect(negotiateLocale('', 'fr')).toEqual({ locale: 'fr', source: 'header' });
  });

  it('Accept-Language: q-values order the choice, regional variants count, unknown languages are skipped', () => {
    expect(negotiateLocale(null, 'de-AT,de;q=0.9,en;q=0.8').locale).toBe('de');
    expect(negotiateLocale(null, 'ja, fr;q=0.5, de;q=0.7').locale).toBe('de');
    expect(negotiateLocale(null, 'pt-BR').locale).toBe('pt');
    expect(negotiateLocale(null, 'ga-IE,en;q=0.5').locale).toBe('ga');
  });

  it('nothing usable (none, a wildcard, only other languages, garbage) is English', () => {
    expect(negotiateLocale(null, null)).toEqual({ locale: 'en', source: 'default' });
    expect(negotiateLocale(null, '*').locale).toBe('en');
    expect(negotiateLocale(null, 'ja, zh').locale).toBe('en');
    expect(negotiateLocale(null, ';;;,=q').locale).toBe('en');
  });

  it('every language is named in itself for the switcher', () => {
    expect(LOCALES.map(endonym)).toContain('Deutsch');
    expect(endonym('el')).toBe('Ελληνικά');
    expect(endonym('mt')).toBe('Malti');
    expect(new Set(LOCALES.map(endonym)).size).toBe(24);
  });
});
