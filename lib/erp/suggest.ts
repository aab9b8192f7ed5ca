import type { FieldDefinition } from '../schema/types';

const MAX_SUGGESTIONS = 3;
const MIN_SCORE = 0.5;

/** Lowercase words of a column name or label: "Cell Chemistry (%)" and "cell_chemistry" read alike. */
export const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '');

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 1 for equal strings, 0 for nothing in common. */
const closeness = (a: string, b: string) =>
  a === '' && b === '' ? 1 : 1 - levenshtein(a, b) / Math.max(a.length, b.length);

/** Share of the column's words that (almost) appear among the candidate's words: tolerates order and a typo. */
function tokenScore(words: string[], candidate: string[]): number {
  if (words.length === 0) return 0;
  const near = (w: string) =>
    candidate.some((c) => c === w || (w.length > 3 && levenshtein(w, c) <= (w.length > 7 ? 2 : 1)));
  return words.filter(near).length / Math.max(words.length, candidate.length);
}

function score(column: string, field: FieldDefinition): number {
  const words = tokens(column);
  const joined = words.join('_');
  return Math.max(
    closeness(joined, field.id),
    closeness(joined, tokens(field.label).join('_')),
    tokenScore(words, tokens(field.id)),
    tokenScore(words, tokens(field.label)),
  );
}

/** The field ids closest to an unknown column name, best first (ties by id), at most three. */
export function suggestFields(column: string, fields: readonly FieldDefinition[]): string[] {
  return fields
    .map((f) => ({ id: f.id, score: score(column, f) }))
    .filter((s) => s.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.id);
}
