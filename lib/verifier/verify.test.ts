import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerKey, TestIssuer } from '../../testing/verifier-issuer';
import { type VerificationReport, verifyPassportCredential } from './verify';

let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await TestIssuer.begin();
});
afterAll(() => issuer.stop());

/** Each test publishes its own version number, so no test sees another's credential or bits. */
let nextVersion = 1;
const version = () => nextVersion++;
let nextIndex = 100;
const index = () => nextIndex++;

const failed = (report: VerificationReport) => report.checks.filter((c) => c.ok === false).map((c) => c.name);

/** Restores the issuer's DID document and status lists after a test that changed them. */
async function restore() {
  issuer.publishDidDocument();
  await issuer.publishStatusLists();
}

describe('verifyPassportCredential', () => {
  it('finds a credential made and served per the format valid, every check passed, with issuer, passport and version', async () => {
    const v = version();
    const { url } = await issuer.publish({ version: v, index: index() });
    const report = await verifyPassportCredential({ url });
    expect(report.reasons).toEqual([]);
    expect(report).toMatchObject({
      valid: true,
      issuer: { id: issuer.did, name: issuer.name },
      credentialId: url,
      passport: { slug: 'pack-1', url: issuer.versionUrl(v) },
      version: v,
      kid: `${issuer.did}#${issuer.keys[0].kid}`,
    });
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['jws', true],
      ['did-document', true],
      ['signature', true],
      ['payload', true],
      ['digest', true],
      ['served-bytes', true],
      ['revocation', true],
      ['suspension', true],
    ]);
  });

  it('takes a version’s address for its credential’s', async () => {
    const v = version();
    await issuer.publish({ version: v, index: index() });
    const report = await verifyPassportCredential({ url: issuer.versionUrl(v) });
    expect(report).toMatchObject({ valid: true, version: v });
  });

  it('finds a credential with one payload byte changed invalid: "signature"', async () => {
    const { jws } = await issuer.publish({ version: version(), index: index() });
    const [header, payload, signature] = jws.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.indexOf('Pack 1')] = 'Q'.charCodeAt(0);
    const report = await verifyPassportCredential({ jws: [header, bytes.toString('base64url'), signature].join('.') });
    expect(report.valid).toBe(false);
    expect(failed(report)).toEqual(['signature']);
    expect(report.reasons).toEqual([expect.stringMatching(/^signature: /)]);
    expect(report.checks.slice(3).every((c) => c.ok === null)).toBe(true);
  });

  it('finds a credential whose kid is not in the DID document invalid', async () => {
    const stranger = await issuerKey();
    const { jws } = await issuer.publish({ version: version(), index: index(), key: stranger });
    const report = await verifyPassportCredential({ jws });
    expect(report.valid).toBe(false);
    expect(failed(report)).toEqual(['did-document']);
    expect(report.reasons[0]).toMatch(/^did-document: .*lists no verification method/);
  });

  it('finds a credential invalid when its kid is a verification method but not an assertion method', async () => {
    const other = await issuerKey();
    issuer.publishDidDocument(issuer.didDocument([issuer.keys[0], other], [issuer.keys[0]]));
    try {
      const { jws } = await issuer.publish({ version: version(), index: index(), key: other });
      const report = await verifyPassportCredential({ jws });
      expect(report.valid).toBe(false);
      expect(report.reasons[0]).toMatch(/^did-document: .*is not an assertion method/);
    } finally {
      await restore();
    }
  });

  it('finds a credential signed with a retired key that the DID document still lists valid, its status lists signed by the new key', async () => {
    const retired = issuer.keys[0];
    const { jws } = await issuer.publish({ version: version(), index: index(), key: retired });
    issuer.keys = [await issuerKey(), retired];
    try {
      await restore();
      const report = await verifyPassportCredential({ jws });
      expect(report.reasons).toEqual([]);
      expect(report).toMatchObject({ valid: true, kid: `${issuer.did}#${retired.kid}` });
    } finally {
      issuer.keys = [retired];
      await restore();
    }
  });

  it('finds a credential whose revocation bit is set invalid: "revoked"', async () => {
    const i = index();
    const { url } = await issuer.publish({ version: version(), index: i });
    issuer.setBit('revocation', i);
    try {
      await issuer.publishStatusLists();
      const report = await verifyPassportCredential({ url });
      expect(report.valid).toBe(false);
      expect(failed(report)).toEqual(['revocation']);
      expect(report.reasons).toEqual([expect.stringMatching(new RegExp(`^revoked: bit ${i} of `))]);
    } finally {
      issuer.setBit('revocation', i, false);
      await restore();
    }
  });

  it('finds a credential whose suspension bit is set invalid: "suspended", and valid again once it is cleared', async () => {
    const i = index();
    const { url } = await issuer.publish({ version: version(), index: i });
    issuer.setBit('suspension', i);
    await issuer.publishStatusLists();
    const suspended = await verifyPassportCredential({ url });
    expect(suspended.valid).toBe(false);
    expect(suspended.reasons).toEqual([expect.stringMatching(/^suspended: /)]);
    issuer.setBit('suspension', i, false);
    await issuer.publishStatusLists();
    expect((await verifyPassportCredential({ url })).valid).toBe(true);
  });

  it('reads the bit of its own index only (most significant bit first)', async () => {
    const i = index();
    const { url } = await issuer.publish({ version: version(), index: i });
    issuer.setBit('revocation', i + 1);
    issuer.setBit('revocation', i - 1);
    try {
      await issuer.publishStatusLists();
      expect((await verifyPassportCredential({ url })).valid).toBe(true);
    } finally {
      issuer.setBit('revocation', i + 1, false);
      issuer.setBit('revocation', i - 1, false);
      await restore();
    }
  });

  it('finds a credential invalid when its status list is signed by a key the DID document does not list', async () => {
    const { url } = await issuer.publish({ version: version(), index: index() });
    try {
      await issuer.publishStatusLists(await issuerKey());
      const report = await verifyPassportCredential({ url });
      expect(report.valid).toBe(false);
      expect(failed(report)).toEqual(['revocation', 'suspension']);
      expect(report.reasons[0]).toMatch(/^revocation: .*lists no verification method/);
    } finally {
      await restore();
    }
  });

  it('finds a credential invalid when its status list is another issuer’s', async () => {
    const { url } = await issuer.publish({ version: version(), index: index() });
    const other = 'did:web:127.0.0.1%3A1:issuers:other';
    try {
      issuer.serve(
        new URL(issuer.statusListUrl('revocation')).pathname,
        await issuer.sign({ id: issuer.statusListUrl('revocation') }, issuer.keys[0], other),
        'application/vc+jwt',
      );
      const report = await verifyPassportCredential({ url });
      expect(report.reasons[0]).toMatch(/^revocation: .*signed by did:web:127\.0\.0\.1%3A1:issuers:other/);
    } finally {
      await restore();
    }
  });

  it('finds a credential whose batteryPassport was changed and re-signed with the old digest invalid: "digest"', async () => {
    const document = { id: 'pack-1', productName: 'Pack 1', fields: { capacityAh: 100 } };
    const changed = { ...document, fields: { capacityAh: 120 } };
    const { jws } = await issuer.publish({ version: version(), index: index(), document: changed, digestOf: document });
    const report = await verifyPassportCredential({ jws });
    expect(report.valid).toBe(false);
    expect(failed(report)).toEqual(['digest']);
    expect(report.reasons).toEqual([expect.stringMatching(/^digest: /)]);
    expect(report.checks.find((c) => c.name === 'served-bytes')?.ok).toBeNull();
  });

  it('finds a credential invalid when the version’s address serves other bytes than those it signs', async () => {
    const { url } = await issuer.publish({
      version: version(),
      index: index(),
      servedBytes: '{"id":"pack-1","productName":"Other"}',
    });
    const report = await verifyPassportCredential({ url });
    expect(report.valid).toBe(false);
    expect(failed(report)).toEqual(['served-bytes']);
    expect(report.reasons[0]).toMatch(/^served-bytes: the 37 bytes served at .* hash to sha256-/);
  });

  it('verifies offline from files: the DID document and both status lists given, nothing fetched', async () => {
    const { jws } = await issuer.publish({ version: version(), index: index() });
    const lists = [await issuer.statusList('revocation'), await issuer.statusList('suspension')];
    const didDocument = issuer.didDocument();
    await issuer.stop();
    try {
      const report = await verifyPassportCredential({ jws }, { offline: true, didDocument, statusLists: lists });
      expect(report.reasons).toEqual([]);
      expect(report.valid).toBe(true);
      expect(report.checks.find((c) => c.name === 'served-bytes')).toEqual({
        name: 'served-bytes',
        ok: null,
        detail: 'not checked (offline)',
      });
    } finally {
      await issuer.start();
    }
  });

  it('finds a credential not valid offline without status lists: "status not checked (offline)"', async () => {
    const { jws } = await issuer.publish({ version: version(), index: index() });
    const report = await verifyPassportCredential({ jws }, { offline: true, didDocument: issuer.didDocument() });
    expect(report.valid).toBe(false);
    expect(failed(report)).toEqual([]);
    expect(report.reasons).toEqual(['status not checked (offline)', 'status not checked (offline)']);
  });

  it('finds a credential not valid when the DID document given is another DID’s', async () => {
    const { jws } = await issuer.publish({ version: version(), index: index() });
    const report = await verifyPassportCredential(
      { jws },
      { didDocument: { ...issuer.didDocument(), id: 'did:web:x' } },
    );
    expect(report.reasons[0]).toMatch(/^did-document: the DID document is that of did:web:x/);
  });

  it('finds a credential whose issuer is not its signer, or whose validFrom is in the future, invalid: "payload"', async () => {
    const options = { version: version(), index: index() };
    await issuer.publish(options);
    const credential = issuer.credential(options);
    const foreign = await issuer.sign({ ...credential, issuer: { id: 'did:web:example.com', name: 'X' } });
    expect((await verifyPassportCredential({ jws: foreign })).reasons).toEqual([
      expect.stringMatching(/^payload: the issuer is did:web:example\.com/),
    ]);
    const future = await issuer.sign({ ...credential, validFrom: '2999-01-01T00:00:00.000Z' });
    expect((await verifyPassportCredential({ jws: future })).reasons).toEqual([
      expect.stringMatching(/^payload: validFrom .* is in the future/),
    ]);
  });

  it('reports an address that answers 404 or is not reachable as invalid, naming it', async () => {
    const missing = await verifyPassportCredential({ url: `${issuer.origin}/api/dpp/none/v/1/credential` });
    expect(missing).toMatchObject({ valid: false, reasons: [expect.stringMatching(/^jws: .* answers 404$/)] });
    const closed = await verifyPassportCredential({ url: 'http://127.0.0.1:1/api/dpp/x/v/1/credential' });
    expect(closed).toMatchObject({ valid: false, reasons: [expect.stringMatching(/^jws: could not fetch /)] });
    expect(closed.checks.map((c) => c.ok)).toEqual([false, null, null, null, null, null, null, null]);
  });

  it('reads no answer beyond 5 MB', async () => {
    issuer.serve('/huge', 'x'.repeat(5 * 1024 * 1024 + 1), 'application/vc+jwt');
    const report = await verifyPassportCredential({ url: `${issuer.origin}/huge` });
    expect(report.reasons).toEqual([expect.stringMatching(/^jws: .*\/huge answers with more than 5242880 bytes$/)]);
  });

  it('refuses a JWS with another algorithm or type in its header: "jws"', async () => {
    const { jws } = await issuer.publish({ version: version(), index: index() });
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');
    const kid = `${issuer.did}#${issuer.keys[0].kid}`;
    for (const bad of [
      { alg: 'ES256', kid, typ: 'vc+jwt' },
      { alg: 'EdDSA', kid, typ: 'JWT' },
      { alg: 'EdDSA', kid: issuer.keys[0].kid, typ: 'vc+jwt' },
    ]) {
      const report = await verifyPassportCredential({ jws: [header(bad), ...jws.split('.').slice(1)].join('.') });
      expect(report.reasons, JSON.stringify(bad)).toEqual([expect.stringMatching(/^jws: /)]);
    }
    expect((await verifyPassportCredential({ jws: 'not a jws' })).reasons).toEqual([
      'jws: not a compact JWS (three base64url parts)',
    ]);
  });
});
