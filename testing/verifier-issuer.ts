// A hand-made issuer of signed passports for the verifier's tests: credentials, status lists and the DID document
// built here from the format (docs/public-api.md, "Signed passports") with jose, node:crypto and node:zlib, never
// with lib/credentials, and served by a node:http server on 127.0.0.1 so the verifier fetches them as it would
// from the service.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import canonicalize from 'canonicalize';
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { LoopbackServer } from './loopback';

export interface IssuerKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

export async function issuerKey(): Promise<IssuerKey> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const { kty, crv, x } = await exportJWK(publicKey);
  const publicJwk = { kty, crv, x };
  return { kid: await calculateJwkThumbprint(publicJwk, 'sha256'), publicJwk, privateKey };
}

interface Served {
  type: string;
  body: string;
}

/** What a passport version is made of; every member has a sensible default. */
export interface VersionOptions {
  version?: number;
  index?: number;
  key?: IssuerKey;
  document?: Record<string, unknown>;
  /** The digest the credential states, when it must not be that of the document. */
  digestOf?: Record<string, unknown>;
  /** The bytes `/v/{version}` serves, when they must not be the document's canonical JSON. */
  servedBytes?: string;
  validFrom?: string;
}

const sha256Base64 = (s: string) => createHash('sha256').update(s).digest('base64');

export class TestIssuer extends LoopbackServer {
  readonly slug = 'acme';
  readonly name = 'Acme Batteries GmbH';
  private readonly served = new Map<string, Served>();
  /** Every key, current first; the DID document lists these unless told otherwise. */
  keys: IssuerKey[] = [];
  private readonly bits = { revocation: new Uint8Array(262_144 / 8), suspension: new Uint8Array(262_144 / 8) };

  static async begin(): Promise<TestIssuer> {
    const issuer = await new TestIssuer().start();
    issuer.keys = [await issuerKey()];
    issuer.publishDidDocument();
    await issuer.publishStatusLists();
    return issuer;
  }

  protected handle(req: IncomingMessage, _body: string, res: ServerResponse): void {
    const found = this.served.get(new URL(req.url ?? '/', this.origin).pathname);
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND"}');
      return;
    }
    res.writeHead(200, { 'content-type': found.type }).end(found.body);
  }

  serve(path: string, body: string, type = 'application/json'): void {
    this.served.set(path, { type, body });
  }

  get did(): string {
    return `did:web:127.0.0.1%3A${this.port}:issuers:${this.slug}`;
  }

  get issuerUrl(): string {
    return `${this.origin}/issuers/${this.slug}`;
  }

  versionUrl(version: number): string {
    return `${this.origin}/api/dpp/pack-1/v/${version}`;
  }

  statusListUrl(purpose: 'revocation' | 'suspension'): string {
    return `${this.issuerUrl}/status/1/${purpose}`;
  }

  /** The DID document: `keys` as JsonWebKey methods, those of `assertion` (all by default) assertion methods. */
  didDocument(keys = this.keys, assertion = keys) {
    const id = (k: IssuerKey) => `${this.did}#${k.kid}`;
    return {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
      id: this.did,
      verificationMethod: keys.map((k) => ({
        id: id(k),
        type: 'JsonWebKey',
        controller: this.did,
        publicKeyJwk: k.publicJwk,
      })),
      assertionMethod: assertion.map(id),
    };
  }

  publishDidDocument(document: object = this.didDocument()): void {
    this.serve(`/issuers/${this.slug}/did.json`, JSON.stringify(document), 'application/did+ld+json');
  }

  sign(payload: object, key = this.keys[0], did = this.did): Promise<string> {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${key.kid}`, typ: 'vc+jwt', cty: 'vc' })
      .sign(key.privateKey);
  }

  /** The status list credential of a purpose over its current bits, signed by `key`. */
  statusList(purpose: 'revocation' | 'suspension', key = this.keys[0]): Promise<string> {
    const id = this.statusListUrl(purpose);
    return this.sign(
      {
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        id,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        issuer: { id: this.did, name: this.name },
        validFrom: new Date().toISOString(),
        credentialSubject: {
          id: `${id}#list`,
          type: 'BitstringStatusList',
          statusPurpose: purpose,
          encodedList: `u${gzipSync(this.bits[purpose]).toString('base64url')}`,
        },
      },
      key,
    );
  }

  setBit(purpose: 'revocation' | 'suspension', index: number, on = true): void {
    const mask = 0x80 >> (index % 8);
    const bits = this.bits[purpose];
    bits[index >> 3] = on ? bits[index >> 3] | mask : bits[index >> 3] & ~mask;
  }

  async publishStatusLists(key = this.keys[0]): Promise<void> {
    for (const purpose of ['revocation', 'suspension'] as const) {
      this.serve(
        new URL(this.statusListUrl(purpose)).pathname,
        await this.statusList(purpose, key),
        'application/vc+jwt',
      );
    }
  }

  /** The unsigned credential of a version, per the format. */
  credential(options: VersionOptions = {}) {
    const version = options.version ?? 1;
    const index = options.index ?? 4242;
    const document = options.document ?? { id: 'pack-1', productName: 'Pack 1', version, fields: { capacityAh: 100 } };
    const documentUrl = this.versionUrl(version);
    return {
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.0/'],
      id: `${documentUrl}/credential`,
      type: ['VerifiableCredential', 'DigitalProductPassport'],
      issuer: { id: this.did, name: this.name },
      validFrom: options.validFrom ?? '2026-01-02T03:04:05.678Z',
      credentialSubject: {
        id: documentUrl,
        type: ['ProductPassport'],
        granularityLevel: 'item',
        product: { type: ['Product'], id: `${this.origin}/dpp/pack-1`, name: 'Pack 1' },
        batteryPassport: document,
      },
      relatedResource: [
        {
          id: documentUrl,
          mediaType: 'application/json',
          digestSRI: `sha256-${sha256Base64(canonicalize(options.digestOf ?? document) ?? '')}`,
        },
      ],
      credentialStatus: (['revocation', 'suspension'] as const).map((purpose) => ({
        id: `${this.statusListUrl(purpose)}#${index}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: purpose,
        statusListIndex: String(index),
        statusListCredential: this.statusListUrl(purpose),
      })),
    };
  }

  /** Signs a version's credential and serves it and the version's bytes; returns the JWS and its address. */
  async publish(options: VersionOptions = {}): Promise<{ jws: string; url: string }> {
    const credential = this.credential(options);
    const jws = await this.sign(credential, options.key);
    const path = new URL(credential.id).pathname;
    this.serve(path, jws, 'application/vc+jwt');
    const bytes = options.servedBytes ?? canonicalize(credential.credentialSubject.batteryPassport) ?? '';
    this.serve(path.replace(/\/credential$/, ''), bytes);
    return { jws, url: credential.id };
  }
}
