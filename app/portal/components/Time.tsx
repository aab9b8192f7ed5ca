/** A moment in UTC, minute precision, machine-readable too; `fallback` when there is none. */
export function Time({ value, fallback = '—' }: { value: Date | string | null | undefined; fallback?: string }) {
  if (!value) return <>{fallback}</>;
  const iso = typeof value === 'string' ? value : value.toISOString();
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}
