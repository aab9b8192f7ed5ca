import type { ServerResponse } from 'node:http';

const tokens = (value: string) =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** Vary is a list (RFC 9110 12.5.5): the union of both, existing tokens first, no duplicates, `*` absorbing all. */
export function mergeVary(existing: string | undefined, added: string): string {
  const merged: string[] = [];
  for (const token of [...tokens(existing ?? ''), ...tokens(added)]) {
    if (token === '*') return '*';
    if (!merged.some((t) => t.toLowerCase() === token.toLowerCase())) merged.push(token);
  }
  return merged.join(', ');
}

const joined = (value: number | string | readonly string[]) =>
  Array.isArray(value) ? value.join(', ') : String(value);

/**
 * Next 16.4 app pages replace Vary with `setHeader` after the middleware set it, dropping the resolver's
 * `Vary: Accept`; on this response a later Vary adds its tokens instead.
 */
export function keepVaryTokens(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== 'vary') return setHeader(name, value);
    const current = res.getHeader('vary');
    return setHeader(name, mergeVary(current === undefined ? undefined : joined(current), joined(value)));
  };
}
