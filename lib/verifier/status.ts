import { gunzipSync } from 'node:zlib';
import {
  MULTIBASE_BASE64URL_PREFIX,
  STATUS_ENTRY_TYPE,
  STATUS_LIST_BITS,
  STATUS_LIST_CREDENTIAL_TYPES,
  STATUS_LIST_TYPE,
  VC_JWT_MEDIA_TYPE,
} from '../credentials/vocabulary';
import { assertionKey, type DidDocument } from './did-document';
import { fail, isObject, NotChecked, VerifierInputError } from './failure';
import { fetchBytes } from './fetch';
import { readHeader, readPayload, verifySignature } from './jws';
import { checkEnvelope } from './payload';

const LIST_BYTES = STATUS_LIST_BITS / 8;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A credential's status entry of one purpose: which list, which bit. */
interface StatusEntry {
  list: string;
  index: number;
}

/** The credential's one BitstringStatusListEntry of `purpose`. */
export function statusEntry(credential: Record<string, unknown>, purpose: string): StatusEntry {
  const entries = Array.isArray(credential.credentialStatus) ? credential.credentialStatus : [];
  const matching = entries.filter((e) => isObject(e) && e.statusPurpose === purpose);
  if (matching.length !== 1) return fail(`the credential has ${matching.length} ${purpose} status entries, not 1`);
  const entry = matching[0] as Record<string, unknown>;
  if (entry.type !== STATUS_ENTRY_TYPE) fail(`the ${purpose} entry is not a ${STATUS_ENTRY_TYPE}`);
  const index = typeof entry.statusListIndex === 'string' ? entry.statusListIndex : '';
  if (!/^(0|[1-9][0-9]{0,8})$/.test(index) || Number(index) >= STATUS_LIST_BITS) {
    fail(`the ${purpose} entry's statusListIndex "${String(entry.statusListIndex)}" is not an index of the list`);
  }
  if (typeof entry.statusListCredential !== 'string') fail(`the ${purpose} entry names no statusListCredential`);
  return { list: entry.statusListCredential as string, index: Number(index) };
}

/**
 * The bits of an `encodedList`: multibase base64url without padding (prefix `u`) of the GZIP of the list, which
 * holds exactly STATUS_LIST_BITS bits.
 */
export function decodeStatusList(encodedList: unknown): Buffer {
  if (typeof encodedList !== 'string' || !encodedList.startsWith(MULTIBASE_BASE64URL_PREFIX)) {
    return fail(`encodedList is not multibase base64url (prefix ${MULTIBASE_BASE64URL_PREFIX})`);
  }
  const encoded = encodedList.slice(MULTIBASE_BASE64URL_PREFIX.length);
  if (!BASE64URL.test(encoded)) fail('encodedList is not base64url without padding');
  let bits: Buffer;
  try {
    bits = gunzipSync(Buffer.from(encoded, 'base64url'), { maxOutputLength: LIST_BYTES + 1 });
  } catch {
    return fail(`encodedList is not the GZIP of a ${STATUS_LIST_BITS}-bit list`);
  }
  if (bits.length !== LIST_BYTES) fail(`the list holds ${bits.length * 8} bits, not ${STATUS_LIST_BITS}`);
  return bits;
}

/** Bit `index` of the list: bit (index mod 8) of byte floor(index / 8), counted from the most significant bit. */
export const statusBit = (bits: Uint8Array, index: number): 0 | 1 =>
  ((bits[index >> 3] >> (7 - (index % 8))) & 1) as 0 | 1;

/** The status list credentials given as files, by the `id` each names (the address credentials point to). */
export function statusListsById(lists: readonly string[]): Map<string, string> {
  const byId = new Map<string, string>();
  for (const raw of lists) {
    const jws = raw.trim();
    let id: unknown;
    try {
      id = readPayload(jws).id;
    } catch {
      throw new VerifierInputError('a status list file does not hold a compact JWS with a JSON payload');
    }
    if (typeof id !== 'string') throw new VerifierInputError('a status list file names no id');
    byId.set(id, jws);
  }
  return byId;
}

export interface StatusContext {
  did: string;
  didDocument: DidDocument;
  lists: Map<string, string>;
  offline: boolean;
  now: Date;
}

async function listCredential(url: string, context: StatusContext): Promise<string> {
  const given = context.lists.get(url);
  if (given !== undefined) return given;
  if (context.offline)
    throw new NotChecked(`not checked (offline, no --status-list for ${url})`, 'status not checked (offline)');
  return (await fetchBytes(url, VC_JWT_MEDIA_TYPE)).toString('utf8').trim();
}

/** The status list at `url`, signed by the credential's own issuer with a key of its DID document, for `purpose`. */
async function verifiedList(url: string, purpose: string, context: StatusContext) {
  const jws = await listCredential(url, context);
  const { did, kid } = readHeader(jws);
  if (did !== context.did) fail(`the ${purpose} list ${url} is signed by ${did}, not by the credential's issuer`);
  await verifySignature(jws, await assertionKey(context.didDocument, did, kid));
  const list = readPayload(jws);
  if (list.id !== url) fail(`the list served at ${url} is ${String(list.id)}`);
  const validFrom = checkEnvelope(list, STATUS_LIST_CREDENTIAL_TYPES, did, context.now);
  const subject = isObject(list.credentialSubject) ? list.credentialSubject : {};
  if (subject.type !== STATUS_LIST_TYPE) fail(`${url} is not a ${STATUS_LIST_TYPE}`);
  if (subject.statusPurpose !== purpose) fail(`${url} is a ${String(subject.statusPurpose)} list, not ${purpose}`);
  return { bits: decodeStatusList(subject.encodedList), validFrom };
}

const STATE = { revocation: 'revoked', suspension: 'suspended' } as Record<string, string>;

/** Step 6 for one purpose: the credential's bit in its issuer's list of that purpose is 0. */
export async function checkStatus(
  credential: Record<string, unknown>,
  purpose: string,
  context: StatusContext,
): Promise<string> {
  const entry = statusEntry(credential, purpose);
  const { bits, validFrom } = await verifiedList(entry.list, purpose, context);
  const where = `bit ${entry.index} of ${entry.list} (list of ${validFrom})`;
  if (statusBit(bits, entry.index) === 1) fail(`${where} is set`, STATE[purpose] ?? purpose);
  return `${where} is 0`;
}
