/**
 * The JSON text of rows as Prisma returns them, bigints as decimal strings (an audit row's chainSeq is a bigint,
 * which JSON.stringify refuses): for checks that no column of a row holds a secret or an address.
 */
export function rowsJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? String(v) : v));
}
