/**
 * The independent verifier of signed passports (`npm run -s verify`). It checks a passport credential against
 * the format of docs/public-api.md ("Signed passports") using only the vocabulary it shares with the issuing
 * side, standard libraries (jose, canonicalize) and what the issuer publishes: its did:web DID document, its
 * status lists and the version's bytes. Each check is one step; the report lists them all, in order, and says
 * why the credential is not valid where it is not.
 */
import { CREDENTIAL_SEGMENT, STATUS_PURPOSES, VC_JWT_MEDIA_TYPE } from '../credentials/vocabulary';
import { assertionKey, type DidDocument, resolveDidDocument } from './did-document';
import { checkDocumentDigest, checkServedBytes, type RelatedDocument } from './digest';
import { CheckFailure, fail, isObject, NotChecked } from './failure';
import { fetchBytes } from './fetch';
import { type JwsHeader, readHeader, readPayload, verifySignature } from './jws';
import { checkPassportPayload, issuerId } from './payload';
import { checkStatus, type StatusContext, statusListsById } from './status';

/** The checks, in the order they run and are reported. */
const CHECK_NAMES = [
  'jws',
  'did-document',
  'signature',
  'payload',
  'digest',
  'served-bytes',
  'revocation',
  'suspension',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One check: passed (`ok: true`), failed (`false`), or not checked (`null`, detail says why). */
export interface Check {
  name: CheckName;
  ok: boolean | null;
  detail: string;
}

export interface VerificationReport {
  valid: boolean;
  issuer: { id: string; name: string | null } | null;
  credentialId: string | null;
  passport: { slug?: string; url: string } | null;
  version: number | null;
  kid: string | null;
  checks: Check[];
  reasons: string[];
}

/** What to verify: a credential's URL (fetched) or the compact JWS itself (e.g. read from a file). */
export type CredentialInput = { url: string } | { jws: string };

export interface VerifyOptions {
  /** The issuer's DID document (parsed JSON) instead of fetching it. */
  didDocument?: unknown;
  /** Status list credentials (compact JWS), matched to the credential's entries by their `id`. */
  statusLists?: readonly string[];
  /** Never fetch: checks that need the network are reported not checked. */
  offline?: boolean;
  now?: Date;
}

const VERSION_PATH = /\/api\/dpp\/([^/?#]+)\/v\/([1-9][0-9]*)\/?$/;

/** A version's address (`/api/dpp/{slug}/v/{n}`) stands for its credential (`…/credential`); others as given. */
export function credentialUrl(url: string): string {
  const parsed = new URL(url);
  if (VERSION_PATH.test(parsed.pathname))
    parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/${CREDENTIAL_SEGMENT}`;
  return parsed.toString();
}

type Step<T> = { value: T; detail: string };

/** The checks run so far and the reasons the credential is not valid. */
class Checks {
  readonly list: Check[] = [];
  readonly reasons: string[] = [];

  async run<T>(name: CheckName, step: () => Promise<Step<T>> | Step<T>): Promise<T | undefined> {
    try {
      const { value, detail } = await step();
      this.list.push({ name, ok: true, detail });
      return value;
    } catch (err) {
      if (err instanceof NotChecked) {
        this.skip(name, err.message);
        if (err.reason) this.reasons.push(err.reason === name ? `${name}: ${err.message}` : err.reason);
        return undefined;
      }
      const message = err instanceof CheckFailure ? err.message : `unexpected error: ${(err as Error)?.message}`;
      this.list.push({ name, ok: false, detail: message });
      this.reasons.push(`${(err as CheckFailure).reason ?? name}: ${message}`);
      return undefined;
    }
  }

  skip(name: CheckName, detail: string): undefined {
    this.list.push({ name, ok: null, detail });
    return undefined;
  }
}

async function credentialJws(input: CredentialInput): Promise<string> {
  if ('jws' in input) return input.jws.trim();
  return (await fetchBytes(credentialUrl(input.url), VC_JWT_MEDIA_TYPE)).toString('utf8').trim();
}

/** Where the credential says its passport version is: `{ slug, url }` and the version number. */
function passportOf(credential: Record<string, unknown> | undefined) {
  const subject = isObject(credential?.credentialSubject) ? credential.credentialSubject : undefined;
  if (typeof subject?.id !== 'string') return { passport: null, version: null };
  const match = VERSION_PATH.exec(subject.id);
  if (!match) return { passport: { url: subject.id }, version: null };
  let slug = match[1];
  try {
    slug = decodeURIComponent(slug);
  } catch {}
  return { passport: { slug, url: subject.id }, version: Number(match[2]) };
}

function issuerOf(credential: Record<string, unknown> | undefined) {
  const id = credential ? issuerId(credential) : undefined;
  if (typeof id !== 'string') return null;
  const name =
    isObject(credential?.issuer) && typeof credential.issuer.name === 'string' ? credential.issuer.name : null;
  return { id, name };
}

const notChecked = (after: string) => `not checked: ${after} did not pass`;

interface Signed {
  jws: string;
  header: JwsHeader;
  payload: Record<string, unknown>;
  document?: DidDocument;
}

/** Steps 1 to 3: the JWS, the issuer's key in its DID document, the signature. The credential if it verifies. */
async function signedCredential(checks: Checks, input: CredentialInput, options: VerifyOptions, offline: boolean) {
  const parsed = await checks.run<Signed>('jws', async () => {
    if ('url' in input && offline) fail('offline: a credential URL cannot be fetched');
    const jws = await credentialJws(input);
    const header = readHeader(jws);
    return { value: { jws, header, payload: readPayload(jws) }, detail: `EdDSA vc+jwt signed by ${header.kid}` };
  });
  if (!parsed) return { parsed, verified: false };
  const { did, kid } = parsed.header;
  const jwk = await checks.run('did-document', async () => {
    parsed.document = await resolveDidDocument(did, options.didDocument, offline);
    const value = await assertionKey(parsed.document, did, kid);
    return { value, detail: `${kid} is an Ed25519 assertion method of ${did}` };
  });
  if (!jwk) return { parsed, verified: checks.skip('signature', notChecked('did-document')) };
  const verified = await checks.run('signature', async () => {
    await verifySignature(parsed.jws, jwk);
    return { value: true, detail: `verifies with ${kid}` };
  });
  return { parsed, verified: verified === true };
}

/** Steps 4 to 6 on a credential whose signature verified: its payload, its digest, its status. */
async function checkContents(checks: Checks, signed: Signed, options: VerifyOptions, offline: boolean) {
  const credential = signed.payload;
  const { did } = signed.header;
  const now = options.now ?? new Date();
  await checks.run('payload', () => ({ value: true, detail: checkPassportPayload(credential, did, now) }));
  const related = await checks.run<RelatedDocument>('digest', () => {
    const value = checkDocumentDigest(credential);
    return { value, detail: `the canonical document hashes to sha256-${value.sha256}` };
  });
  if (!related) checks.skip('served-bytes', notChecked('digest'));
  else if (offline) checks.skip('served-bytes', 'not checked (offline)');
  else await checks.run('served-bytes', async () => ({ value: true, detail: await checkServedBytes(related) }));
  const context: StatusContext = {
    did,
    didDocument: signed.document ?? {},
    lists: statusListsById(options.statusLists ?? []),
    offline,
    now,
  };
  for (const purpose of STATUS_PURPOSES) {
    await checks.run(purpose, async () => ({ value: true, detail: await checkStatus(credential, purpose, context) }));
  }
}

/**
 * Verifies a passport credential: every check of the format, in order, and the verdict. Valid requires every
 * check to pass, except the served bytes, which offline are not checked; offline, the status is checked only
 * with the status lists given. When the signature fails, the issuer, ids and version shown are what the
 * unverified payload claims.
 */
export async function verifyPassportCredential(
  input: CredentialInput,
  options: VerifyOptions = {},
): Promise<VerificationReport> {
  const offline = options.offline ?? false;
  statusListsById(options.statusLists ?? []); // status list files that are no credentials: the caller's error
  const checks = new Checks();
  const { parsed, verified } = await signedCredential(checks, input, options, offline);
  if (parsed && verified) await checkContents(checks, parsed, options, offline);
  for (const name of CHECK_NAMES.slice(checks.list.length)) {
    checks.skip(name, notChecked(checks.list.find((c) => c.ok !== true)?.name ?? 'signature'));
  }
  const shown = parsed?.payload;
  return {
    valid: checks.reasons.length === 0 && checks.list.every((c) => c.ok !== false),
    issuer: issuerOf(shown),
    credentialId: typeof shown?.id === 'string' ? shown.id : null,
    ...passportOf(shown),
    kid: parsed?.header.kid ?? null,
    checks: checks.list,
    reasons: checks.reasons,
  };
}
