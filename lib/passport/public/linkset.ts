import { VC_JWT_MEDIA_TYPE } from '../../credentials/vocabulary';
import { dppNamespace } from './jsonld';
import type { PublicPassport } from './lookup';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/** GS1 Web Vocabulary link types, used as extension relation types (RFC 8288 section 2.1.2). */
export const GS1_PIP = 'https://gs1.org/voc/pip';
export const GS1_DEFAULT_LINK = 'https://gs1.org/voc/defaultLink';

/** Our relation for one published version; defined in the `/ns/dpp` vocabulary so the IRI dereferences. */
export const snapshotRelation = (baseUrl: string) => `${dppNamespace(baseUrl)}snapshot`;

/** Our relation for the signed credential of one published version (docs/public-api.md, "Signed passports"). */
export const credentialRelation = (baseUrl: string) => `${dppNamespace(baseUrl)}credential`;

/** A target object of the RFC 9264 JSON form; `hreflang` is an array there. */
export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
  hreflang?: string[];
}

export type LinkContext = { anchor: string } & { [relation: string]: string | LinkTarget[] };

export interface Linkset {
  linkset: LinkContext[];
}

/**
 * The passport's links as one RFC 9264 link context anchored at its URI: the viewer (GS1 pip and defaultLink),
 * the JSON and JSON-LD documents, the version list, the latest version, every published version and its signed
 * credential. Absolute
 * hrefs throughout, so the document means the same wherever it is stored.
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
  // The viewer is written in English; the passport data itself is whatever the manufacturer entered.
  const viewer: LinkTarget = { href: uri, type: 'text/html', title: passport.product.name, hreflang: ['en'] };
  return {
    linkset: [
      {
        anchor: uri,
        [GS1_PIP]: [viewer],
        [GS1_DEFAULT_LINK]: [viewer],
        describedby: [{ href: `${api}/jsonld`, type: 'application/ld+json', title: 'Passport as JSON-LD' }],
        alternate: [{ href: api, type: 'application/json', title: 'Public passport document' }],
        'version-history': [{ href: `${api}/versions`, type: 'application/json', title: 'Published versions' }],
        'latest-version': [snapshot(passport.dpp.version)],
        ...successionLinks(passport),
        [snapshotRelation(base)]: passport.versions.map((v) => snapshot(v.version)),
        [credentialRelation(base)]: passport.versions.map((v) => ({
          href: `${api}/v/${v.version}/credential`,
          type: VC_JWT_MEDIA_TYPE,
          title: `Signed credential of version ${v.version}`,
        })),
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
