/** A timestamp as views show it (ISO 8601); a never-null column keeps a string type, as the API documents it. */
export function iso(date: Date): string;
export function iso(date: Date | null | undefined): string | null;
export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
