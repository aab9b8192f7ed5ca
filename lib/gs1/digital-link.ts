/** The GS1 Digital Link path of a passport (`/01/<gtin-14>[/21/<serial> | /10/<batch>]`), or its `/dpp/` path. */
export function passportPath(p: {
  slug: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
}): string {
  if (!p.gtin) return `/dpp/${encodeURIComponent(p.slug)}`;
  if (p.serialNumber) return `/01/${p.gtin}/21/${encodeURIComponent(p.serialNumber)}`;
  if (p.batchNumber) return `/01/${p.gtin}/10/${encodeURIComponent(p.batchNumber)}`;
  return `/01/${p.gtin}`;
}

/**
 * The key qualifiers of a GTIN (AI 01) in the one order GS1 Digital Link URI syntax 1.4 allows: consumer product
 * variant (22), batch/lot (10), serial (21). Each may be left out, none may repeat or come out of order.
 */
export const GTIN_KEY_QUALIFIERS = ['22', '10', '21'] as const;
export type GtinKeyQualifier = (typeof GTIN_KEY_QUALIFIERS)[number];

/**
 * A GS1 Digital Link path with a GTIN as primary key, segments still percent-encoded (the GTIN is not checked
 * here), or why the path is no Digital Link URI at all (a syntax error, which a GS1 resolver reports with 400).
 */
export type DigitalLinkPath =
  | { kind: 'gtin'; gtin: string; qualifiers: Partial<Record<GtinKeyQualifier, string>> }
  | { kind: 'malformed'; reason: string };

/**
 * Reads a path under `/01/` as GS1 Digital Link URI syntax (section 4: primary key, then key qualifiers in their
 * fixed order); null for a path that does not start with `/01/`. One trailing slash is tolerated (GS1-Conformant
 * resolver 1.2: SHOULD NOT fail if present). Data attributes travel in the query string, which is not read here.
 */
export function parseDigitalLinkPath(pathname: string): DigitalLinkPath | null {
  if (!pathname.startsWith('/01/')) return null;
  const path = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const [, gtin, ...rest] = path.slice(1).split('/');
  if (!gtin || rest.some((segment) => segment === ''))
    return { kind: 'malformed', reason: 'A GS1 Digital Link path has no empty segments.' };
  if (rest.length % 2 !== 0)
    return { kind: 'malformed', reason: 'Each key qualifier of a GS1 Digital Link path is an AI followed by a value.' };
  const qualifiers: Partial<Record<GtinKeyQualifier, string>> = {};
  let next = 0;
  for (let i = 0; i < rest.length; i += 2) {
    const at = GTIN_KEY_QUALIFIERS.indexOf(rest[i] as GtinKeyQualifier);
    if (at === -1)
      return { kind: 'malformed', reason: 'The key qualifiers of a GTIN are 22, 10 and 21; the path names another.' };
    if (at < next)
      return { kind: 'malformed', reason: 'The key qualifiers of a GTIN come in the order 22, 10, 21, each once.' };
    qualifiers[GTIN_KEY_QUALIFIERS[at]] = rest[i + 1];
    next = at + 1;
  }
  return { kind: 'gtin', gtin, qualifiers };
}

/** The path written the standard's way: `/01/{gtin}`, then 22, 10 and 21 where present (segments as given). */
export function digitalLinkPathOf(gtin: string, qualifiers: Partial<Record<GtinKeyQualifier, string>>): string {
  return GTIN_KEY_QUALIFIERS.reduce(
    (path, ai) => (qualifiers[ai] === undefined ? path : `${path}/${ai}/${qualifiers[ai]}`),
    `/01/${gtin}`,
  );
}
