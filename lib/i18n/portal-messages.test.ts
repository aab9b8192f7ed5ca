import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishLeftShare, expectTranslationOf, flatten, type Tree } from './message-checks';
import { PORTAL_LOCALES } from './portal-locales';
import { PORTAL_MESSAGES } from './portal-messages';

const english = flatten(PORTAL_MESSAGES.en as unknown as Tree);

/** The portal's source files: pages, components, server actions and the portal's own library. */
function sources(): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });
  return [...walk(path.join(root, 'app/portal')), ...walk(path.join(root, 'lib/portal'))];
}

describe('the portal speaks English and German (issue 28)', () => {
  it('has a message file set for each portal language, English the reference', () => {
    expect(Object.keys(PORTAL_MESSAGES).sort()).toEqual([...PORTAL_LOCALES].sort());
    expect(english.size).toBeGreaterThan(0);
  });

  it.each(PORTAL_LOCALES)(
    '%s: every message of the English files, no other, each valid ICU with the same arguments',
    (locale) => {
      expectTranslationOf(english, PORTAL_MESSAGES[locale] as unknown as Tree, locale);
    },
  );

  it('German is translated, not English left in place', () => {
    // Product names and terms of the trade (Webhook, Dashboard, API) may read the same; a page left in English may not.
    expect(englishLeftShare(english, PORTAL_MESSAGES.de as unknown as Tree)).toBeLessThan(0.1);
  });

  it('every message the portal code names exists in the English files', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      // `const t = await portalT('keys')`, `const t = useTranslations('keys')`, `portalTranslator(locale, 'keys')`
      const translators = text.matchAll(
        /const (\w+) = (?:await portalT|useTranslations|portalTranslator)\((?:[\w.]+, )?'([\w.]+)'\)/g,
      );
      for (const [, name, namespace] of translators) {
        for (const [, key] of text.matchAll(new RegExp(`\\b${name}(?:\\.rich|\\.markup|\\.has)?\\('([\\w.]+)'`, 'g'))) {
          named += 1;
          if (!english.has(`${namespace}.${key}`)) missing.push(`${path.basename(file)}: ${namespace}.${key}`);
        }
      }
    }
    expect(named).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
