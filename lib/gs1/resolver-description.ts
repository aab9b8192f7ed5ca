/**
 * The resolver description document a GS1-Conformant resolver serves at `/.well-known/gs1resolver` (GS1-Conformant
 * resolver standard 1.1, section 6): who the resolver is, its root, the primary keys and link types it knows.
 * This resolver serves GTINs (AI 01) only, answers its own viewer by default (never the linkset), and names its
 * links with the GS1 Web Vocabulary.
 */
const GS1_VOCABULARY = 'https://gs1.org/voc/';

interface ResolverDescription {
  name: string;
  resolverRoot: string;
  supportedPrimaryKeys: string[];
  supportedLinkType: { namespace: string; prefix: string; profile: string }[];
  linkTypeDefaultCanBeLinkset: boolean;
  supportsSemanticWeb: boolean;
  validatorsSupported: boolean;
}

export function resolverDescription(baseUrl: string): ResolverDescription {
  return {
    name: 'Battery Passport Service',
    resolverRoot: baseUrl.replace(/\/+$/, ''),
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOCABULARY, prefix: 'gs1:', profile: `${GS1_VOCABULARY}?show=linktypes` }],
    linkTypeDefaultCanBeLinkset: false,
    // Every address also answers its JSON-LD document to `Accept: application/ld+json`.
    supportsSemanticWeb: true,
    validatorsSupported: false,
  };
}
