const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL can store: no NUL (U+0000, refused in text and jsonb alike) and no unpaired UTF-16 surrogate
 * (which jsonb refuses, and text would silently turn into U+FFFD). JSON and percent-encoded paths can carry both.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}
