import { VC_JWT_MEDIA_TYPE } from '../../credentials/vocabulary';
import { LOCALES } from '../../i18n/locales';
import { DPP_NAMESPACE } from './jsonld';
import type { PublicPassport } from './lookup';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/** The GS1 Web Vocabulary namespace, whose link types serve as extension relation types (RFC 8288 section 2.1.2). */
export const GS1_LINK_TYPES = 'https://gs1.org/voc/';
export const GS1_PIP = `${GS1_LINK_TYPES}pip`;
export const GS1_DEFAULT_LINK = `${GS1_LINK_TYPES}defaultLink`;
export const GS1_SUSTAINABILITY_INFO = `${GS1_LINK_TYPES}sustainabilityInfo`;
export const GS1_CERTIFICATION_INFO = `${GS1_LINK_TYPES}certificationInfo`;
export const GS1_MASTER_DATA = `${GS1_LINK_TYPES}masterData`;

/** The AAS V3.0 Environment of a passport (IDTA 02035 submodels), `/api/dpp/{slug}/aas`. */
export const AAS_MEDIA_TYPE = 'application/aas+json';

/** Our relation for one published version; defined in the dpp vocabulary (a fixed namespace, every instance serves it). */
export const SNAPSHOT_RELATION = `${DPP_NAMESPACE}snapshot`;

/** Our relation for the signed credential of one published version (docs/public-api.md, "Signed passports"). */
export const CREDENTIAL_RELATION = `${DPP_NAMESPACE}credential`;

/** A target object of the RFC 9264 JSON form; `hreflang` is an array there. */
export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
  hreflang?: string[];
}

/** One link context: the anchor, the item's description (GS1 linkset schema) and its relations. */
export type LinkContext = { anchor: string; itemDescription: string } & { [relation: string]: string | LinkTarget[] };

export interface Linkset {
  linkset: LinkContext[];
}

/**
 * The passport's links as one RFC 9264 link context anchored at its URI, described by its name (the GS1 linkset
 * schema asks for `itemDescription`): the viewer (GS1 pip; GS1 defaultLink with a title only, as the GS1-Conformant
 * resolver standard defines the default), the JSON and JSON-LD documents (registered relations, and GS1
 * sustainabilityInfo: a battery passport is the battery's sustainability information), the AAS export (GS1
 * masterData), the version list, the latest version and its signed credential (GS1 certificationInfo), every
 * published version and its signed credential. Absolute hrefs throughout, so the document means the same wherever
 * it is stored. Every target has a title (the standard: target, link type and a human-readable title).
 */
export function buildLinkset(passport: PublicPassport, baseUrl: string): Linkset {
  const base = baseUrl.replace(/\/+$/, '');
  const uri = `${base}${passport.product.path}`;
  const api = `${base}/api/dpp/${encodeURIComponent(passport.product.slug)}`;
  const snapshot = (version: number): LinkTarget => ({
    href: `${api}/v/${version}`,
    type: 'application/json',
    title: `Version ${version}`,
  });
  const credential = (version: number): LinkTarget => ({
    href: `${api}/v/${version}/credential`,
    type: VC_JWT_MEDIA_TYPE,
    title: `Signed credential of version ${version}`,
  });
  // The viewer speaks every official EU language: the address itself follows Accept-Language, and `?lang=` fixes one
  // (the passport data itself is whatever the manufacturer entered).
  const viewers: LinkTarget[] = [
    { href: uri, type: 'text/html', title: passport.product.name, hreflang: [...LOCALES] },
    ...LOCALES.map((lang) => ({
      href: `${uri}?lang=${lang}`,
      type: 'text/html',
      title: passport.product.name,
      hreflang: [lang],
    })),
  ];
  const jsonLd: LinkTarget = { href: `${api}/jsonld`, type: 'application/ld+json', title: 'Passport as JSON-LD' };
  const json: LinkTarget = { href: api, type: 'application/json', title: 'Public passport document' };
  return {
    linkset: [
      {
        anchor: uri,
        itemDescription: passport.product.name,
        [GS1_PIP]: viewers,
        [GS1_DEFAULT_LINK]: [{ href: uri, title: passport.product.name }],
        [GS1_SUSTAINABILITY_INFO]: [json, jsonLd],
        [GS1_MASTER_DATA]: [
          { href: `${api}/aas`, type: AAS_MEDIA_TYPE, title: 'Asset Administration Shell (IDTA 02035)' },
        ],
        [GS1_CERTIFICATION_INFO]: [credential(passport.dpp.version)],
        describedby: [jsonLd],
        alternate: [json],
        'version-history': [{ href: `${api}/versions`, type: 'application/json', title: 'Published versions' }],
        'latest-version': [snapshot(passport.dpp.version)],
        ...successionLinks(passport),
        [SNAPSHOT_RELATION]: passport.versions.map((v) => snapshot(v.version)),
        [CREDENTIAL_RELATION]: passport.versions.map((v) => credential(v.version)),
      },
    ],
  };
}

/**
 * A handover between operators (Art. 77(7)): the original links its successor passport and the successor its
 * original with RFC 5829's registered `successor-version` and `predecessor-version` (the new passport is the next
 * version of the battery's passport). A successor the previous operator only stated says so in its title.
 */
function successionLinks(passport: PublicPassport): Record<string, LinkTarget[]> {
  const succession = passport.dpp.succession;
  if (!succession) return {};
  const links: Record<string, LinkTarget[]> = {};
  if (succession.successor) {
    const { url, name, verified } = succession.successor;
    const title = verified
      ? `Successor passport${name ? `: ${name}` : ''} (${succession.status?.replace(/_/g, ' ')})`
      : `Successor passport as stated by the previous operator, not verified (${succession.status?.replace(/_/g, ' ')})`;
    links['successor-version'] = [{ href: url, type: 'text/html', title }];
  }
  if (succession.predecessor) {
    const { url, name, reason } = succession.predecessor;
    links['predecessor-version'] = [
      {
        href: url,
        type: 'text/html',
        title: `Original passport${name ? `: ${name}` : ''} (${reason.replace(/_/g, ' ')})`,
      },
    ];
  }
  return links;
}
