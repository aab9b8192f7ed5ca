const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL can store: no NUL (U+0000, refused in text and jsonb alike) and no unpaired UTF-16 surrogate
 * (which jsonb refuses, and text would silently turn into U+FFFD). JSON and percent-encoded paths can carry both.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/**
 * Characters a single-line field refuses: the C0 and C1 control characters (line breaks and tabs among them), DEL,
 * the Unicode line and paragraph separators, and the bidirectional embedding, override and isolate controls (which
 * reorder what a reader sees). A name or organisation carrying them could start a line of its own in a mail.
 */
const NOT_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The message every form shows for such a value. */
export const SINGLE_LINE_MESSAGE = 'Use one line of text, without line breaks, tabs or other control characters.';

export function isSingleLineText(value: string): boolean {
  return !NOT_SINGLE_LINE.test(value);
}

/** A value on one line for display: every run of the characters above becomes one space. */
export function asOneLine(value: string): string {
  return value.replace(new RegExp(`${NOT_SINGLE_LINE.source}+`, 'g'), ' ').trim();
}
