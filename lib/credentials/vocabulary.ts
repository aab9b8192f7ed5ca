/**
 * The vocabulary of the service's verifiable credentials: names, media types and sizes that the issuing side
 * (lib/credentials) and the independent verifier (lib/verifier) both use. Nothing here computes anything: the
 * verifier shares these words with the issuer and no code, so it checks the format, not the implementation.
 * docs/public-api.md ("Signed passports") describes the format these words spell.
 */

/** W3C Verifiable Credentials Data Model 2.0 base context. */
export const VC_CONTEXT_V2 = 'https://www.w3.org/ns/credentials/v2';
/** UN Transparency Protocol Digital Product Passport context (0.6.0, the release for pilot implementations). */
export const UNTP_DPP_CONTEXT = 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.0/';
export const DID_CONTEXT_V1 = 'https://www.w3.org/ns/did/v1';
export const JWK_CONTEXT_V1 = 'https://w3id.org/security/jwk/v1';

/** The credential types of a published version's passport credential. */
export const PASSPORT_CREDENTIAL_TYPES = ['VerifiableCredential', 'DigitalProductPassport'] as const;
/** The subject's type (UNTP `ProductPassport`). */
export const PASSPORT_SUBJECT_TYPE = 'ProductPassport';
/** The subject member carrying the version's public passport document, exactly as `/v/{version}` serves it. */
export const PASSPORT_DOCUMENT_MEMBER = 'batteryPassport';

export const STATUS_LIST_CREDENTIAL_TYPES = ['VerifiableCredential', 'BitstringStatusListCredential'] as const;
export const STATUS_LIST_TYPE = 'BitstringStatusList';
export const STATUS_ENTRY_TYPE = 'BitstringStatusListEntry';
/** Every passport credential carries one entry of each purpose, at the same index of its list pair. */
export const STATUS_PURPOSES = ['revocation', 'suspension'] as const;
export type StatusPurpose = (typeof STATUS_PURPOSES)[number];
/**
 * Bits per status list: 2^18 = 262,144 (above the 131,072 the Bitstring Status List recommends for group
 * privacy). Bit i is the (i mod 8)-th bit of byte floor(i / 8) counted from the most significant bit; the list
 * is GZIP-compressed and written as multibase base64url without padding (prefix `u`).
 */
export const STATUS_LIST_BITS = 262_144;
/** A list takes new credentials until this many indexes are used; the next credential opens a new list. */
export const STATUS_LIST_CAPACITY = 200_000;
export const MULTIBASE_BASE64URL_PREFIX = 'u';

/** Media type of a credential secured with JOSE (VC-JOSE-COSE), and its JWS `typ` and `cty` header values. */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
export const VC_JWT_TYP = 'vc+jwt';
export const VC_JWT_CTY = 'vc';
export const SIGNING_ALGORITHM = 'EdDSA';

/** The path segment under the service's base URL that holds every issuer: `{BASE_URL}/issuers/{companySlug}`. */
export const ISSUERS_SEGMENT = 'issuers';
export const DID_DOCUMENT_FILE = 'did.json';
export const VERIFICATION_METHOD_TYPE = 'JsonWebKey';
/** `{issuer}/status/{list number}/{purpose}` is a status list credential's stable address. */
export const STATUS_SEGMENT = 'status';
/** `/api/dpp/{slug}/v/{version}/credential` is a version's credential; `/api/dpp/{slug}/v/{version}` its document. */
export const CREDENTIAL_SEGMENT = 'credential';
