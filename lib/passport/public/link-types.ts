import { config } from '../../config';
import { ServiceError } from '../../errors';
import { DPP_NAMESPACE } from './jsonld';
import { buildLinkset, GS1_LINK_TYPES, type Linkset, type LinkTarget } from './linkset';
import type { PublicPassport } from './lookup';
import { requireResolvedPassport } from './served';

/** How clients write a GS1 Web Vocabulary link type: the CURIE, or the namespace in any of its published spellings. */
const GS1_SPELLINGS = [
  'gs1:',
  GS1_LINK_TYPES,
  'https://ref.gs1.org/voc/',
  'https://www.gs1.org/voc/',
  'http://gs1.org/voc/',
];

/** The linkset relation a `linkType` value names: GS1 link types and `dpp:` terms expanded, anything else as given. */
export function relationOf(linkType: string): string {
  const gs1 = GS1_SPELLINGS.find((prefix) => linkType.startsWith(prefix));
  if (gs1) return `${GS1_LINK_TYPES}${linkType.slice(gs1.length)}`;
  if (linkType.startsWith('dpp:')) return `${DPP_NAMESPACE}${linkType.slice('dpp:'.length)}`;
  return linkType;
}

/** The media types an Accept header asks for (a range with q=0 is refused), lower-cased. */
function acceptedTypes(accept: string | null): Set<string> {
  const types = new Set<string>();
  for (const range of (accept ?? '').split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type && !params.some((p) => p.startsWith('q=') && Number(p.slice(2)) === 0)) types.add(type);
  }
  return types;
}

/**
 * The one link of a type a request means: the only one, or the only one of the media type Accept names; among
 * several in every language (the viewer: the address itself and one `?lang=` link per language), the one that speaks
 * them all, which follows the request's Accept-Language itself. Null when that cannot be decided (the standard's 300
 * Multiple Choices).
 */
export function chooseLink(targets: readonly LinkTarget[], accept: string | null): LinkTarget | null {
  if (targets.length === 1) return targets[0];
  const types = acceptedTypes(accept);
  const matching = targets.filter((t) => t.type !== undefined && types.has(t.type));
  if (matching.length === 1) return matching[0];
  const multilingual = (matching.length > 0 ? matching : targets).filter((t) => (t.hreflang?.length ?? 0) > 1);
  return multilingual.length === 1 ? multilingual[0] : null;
}

export type LinkTypeAnswer = { kind: 'redirect'; location: string } | { kind: 'choices'; linkset: Linkset };

/**
 * A request for one link type of a passport (`?linkType=gs1:sustainabilityInfo`, GS1-Conformant resolver): a
 * redirect to the link, the request's other query parameters passed on; the links of that type when several fit
 * (300); 404 when the passport has no link of that type (the standard's answer to an unknown link type).
 */
export function linkTypeAnswer(
  passport: PublicPassport,
  baseUrl: string,
  request: { linkType: string; query: string; accept: string | null },
): LinkTypeAnswer {
  const relation = relationOf(request.linkType);
  const [context] = buildLinkset(passport, baseUrl).linkset;
  const targets = relation === 'anchor' || relation === 'itemDescription' ? undefined : context[relation];
  if (!Array.isArray(targets) || targets.length === 0)
    throw new ServiceError('NOT_FOUND', 'This passport has no link of the requested link type.', {
      details: { linkType: request.linkType },
    });
  const chosen = chooseLink(targets, request.accept);
  if (!chosen)
    return {
      kind: 'choices',
      linkset: { linkset: [{ anchor: context.anchor, itemDescription: context.itemDescription, [relation]: targets }] },
    };
  return { kind: 'redirect', location: `${chosen.href}${request.query}` };
}

/** The same for the passport a resolver address names: 404 when none is published there, 410 when withdrawn. */
export async function resolverLinkType(
  resolverPath: string | null,
  request: { linkType: string; query: string; accept: string | null },
): Promise<LinkTypeAnswer> {
  return linkTypeAnswer(await requireResolvedPassport(resolverPath), config().BASE_URL, request);
}
