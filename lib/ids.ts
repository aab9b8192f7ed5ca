/** The one UUID shape every id of the service has (any version, either case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID: checked before any query, so a malformed id never reaches the database. */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}
