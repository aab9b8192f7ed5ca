/** Only a path inside the portal: an open redirect to another site must not come from a sign-in link. */
export function safeReturnPath(value: string | undefined | null): string {
  if (!value) return '/portal';
  let path = value;
  try {
    // next-auth hands back absolute URLs of our own origin; keep only the path and query.
    if (/^https?:\/\//i.test(value)) {
      const url = new URL(value);
      path = url.pathname + url.search;
    }
  } catch {
    return '/portal';
  }
  if (!path.startsWith('/portal') || path.startsWith('//') || path.includes('\\')) return '/portal';
  if (path.startsWith('/portal/sign-in')) return '/portal';
  return path;
}
