import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { expect } from 'vitest';

/** Checks the message files' tests share (the public pages' 24 languages, the portal's two). */

export type Tree = { [key: string]: string | Tree };

/** Every message of a file by its dotted key. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The arguments and tags a message uses: a translation must use the same. */
export function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date) out.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
    if (el.type === TYPE.tag) {
      out.add(`<${el.value}>`);
      argumentsOf(el.children, out);
    }
  }
  return out;
}

/** Plural categories a message uses that its language lacks, or that its language needs and it lacks. */
export function pluralProblems(elements: MessageFormatElement[], locale: string): string[] {
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const problems: string[] = [];
  for (const el of elements) {
    if (el.type === TYPE.plural) {
      const keys = Object.keys(el.options).filter((k) => !k.startsWith('='));
      for (const k of keys) if (!needed.includes(k)) problems.push(`category ${k} is not one of ${locale}'s`);
      for (const c of needed) if (!keys.includes(c)) problems.push(`category ${c} missing`);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) problems.push(...pluralProblems(option.value, locale));
    if (el.type === TYPE.tag) problems.push(...pluralProblems(el.children, locale));
  }
  return problems;
}

/**
 * A translation checked against the English reference: the same keys and no other, no empty message, valid ICU
 * with the same arguments and tags, and the plural categories its language needs.
 */
export function expectTranslationOf(english: Map<string, string>, translation: Tree, locale: string): void {
  const messages = flatten(translation);
  expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  for (const [key, source] of english) {
    const translated = messages.get(key)!;
    expect(translated.trim(), key).not.toBe('');
    const ast = parse(translated);
    expect([...argumentsOf(ast)].sort(), key).toEqual([...argumentsOf(parse(source))].sort());
    expect(pluralProblems(ast, locale), key).toEqual([]);
  }
}

/** The share of the English messages a translation left word for word in English (names and terms aside). */
export function englishLeftShare(english: Map<string, string>, translation: Tree): number {
  const messages = flatten(translation);
  const same = [...english].filter(([key, text]) => messages.get(key) === text && /[a-z]{4}/.test(text));
  return same.length / english.size;
}
