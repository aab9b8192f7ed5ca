import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GET as serveDpp } from '../../../app/ns/dpp/route';
import { GET as serveEspr } from '../../../app/ns/espr/route';
import {
  createPublishedModel,
  createPublishedPassport,
  createTestCompany,
  createTestProduct,
  TEST_ACTOR,
} from '../../../testing/factories';
import { NGINX_BINARY, nginxInstalled, startNginx } from '../../../testing/nginx';
import { StaticExportServer } from '../../../testing/static-export-server';
import { directoryTarget } from '../../backup/directory-target';
import { MANIFEST_FILE, passportFolder } from '../../backup/layout';
import { config } from '../../config';
import { ceaseCompany } from '../../continuity/cease-company';
import { STATIC_PAGE_POLICY } from '../../continuity/static-page';
import { didDocument, statusListCredential } from '../../credentials/documents';
import { createPrismaClient } from '../../db/client';
import type { Product } from '../../db/generated/client';
import { passportPath } from '../../gs1/digital-link';
import { withCheckDigit } from '../../gs1/gtin';
import { linksetLinkHeader } from '../../http/middleware/resolver';
import {
  approveProduct,
  deprecateProduct,
  startRevision,
  submitProduct,
  withdrawProduct,
} from '../../passport/lifecycle';
import { publicRepresentation, type RepresentationRequest } from '../../passport/public/representations';
import { verifyPassportCredential } from '../../verifier/verify';
import { backupPass } from '../backup';
import { exportStaticSite, type StaticExportReport } from './export';
import { exportStaticFromBackup } from './from-backup';
import { refusalBody } from './passport-files';

// A static export of a few passports (published, withdrawn, with GTIN and serial, batch, model, no GTIN, two
// versions, of a ceased company), served by a plain static server that applies deploy/nginx-static-export.conf's
// rules, and by nginx itself with that file when nginx is installed: every public answer must be the live
// service's bytes, status and media type at the live path.

const db = createPrismaClient(inject('databaseUrl'));
const ctx = (companyId: string) => ({ companyId, actor: TEST_ACTOR });
const tag = Date.now().toString().slice(-6);
const gtin = (n: number) => withCheckDigit(`04${tag}${String(n).padStart(5, '0')}`);

let out: string;
let report: StaticExportReport;
let serial: Product;
let plain: Product;
let batch: Product;
let model: Product;
let twice: Product;
let withdrawn: Product;
let successor: Product;
let deprecated: Product;
let sandbox: Product;
let ceased: Product;
let broken: Product;
let companySlug: string;
let fromBackup: StaticExportReport;
let ceasedSlug: string;

async function republish(product: Product) {
  await startRevision({ ctx: ctx(product.companyId), input: { productId: product.id } });
  await submitProduct({ ctx: ctx(product.companyId), input: { productId: product.id } });
  await approveProduct({ ctx: ctx(product.companyId), input: { productId: product.id } });
}

beforeAll(async () => {
  const company = await createTestCompany(db);
  companySlug = company.slug;
  const companyId = company.id;
  serial = await createPublishedPassport(db, { companyId, gtin: gtin(1), serialNumber: 'SN-001' });
  plain = await createPublishedPassport(db, { companyId, category: 'LMT_BATTERY' });
  batch = await createPublishedPassport(db, { companyId, gtin: gtin(2), batchNumber: 'LOT 7' });
  model = await createPublishedModel(db, { companyId, gtin: gtin(3) });
  twice = await createPublishedPassport(db, { companyId, gtin: gtin(4), serialNumber: 'SN-004' });
  await republish(twice);
  successor = await createPublishedPassport(db, { companyId });
  withdrawn = await createPublishedPassport(db, { companyId, gtin: gtin(5), serialNumber: 'SN-005' });
  await withdrawProduct({
    ctx: ctx(companyId),
    input: {
      productId: withdrawn.id,
      reason: 'Recalled <for> a "test"',
      successorId: successor.id,
      operatorDetails: null,
      manufacturerContact: 'recall@example.com',
    },
  });
  deprecated = await createPublishedPassport(db, { companyId });
  await deprecateProduct({ ctx: ctx(companyId), input: { productId: deprecated.id, reason: null } });
  sandbox = await createPublishedPassport(db, { companyId, mode: 'test' });
  const gone = await createTestCompany(db);
  ceasedSlug = gone.slug;
  ceased = await createPublishedPassport(db, { companyId: gone.id, gtin: gtin(6), serialNumber: 'SN-006' });
  await ceaseCompany({ ctx: ctx(gone.id), input: { backupUrl: 'https://archive.example.org/passports' } });
  // A passport whose stored data cannot be read (published as version 1 without its snapshot), in a company of its own.
  const odd = await createTestCompany(db);
  broken = await createTestProduct(db, { companyId: odd.id, state: 'APPROVED', version: 1 });
  out = mkdtempSync(path.join(tmpdir(), 'bps-static-export-'));
  report = await exportStaticSite({ out: path.join(out, 'site'), concurrency: 3 });
  // The same companies' passports copied to a back-up directory as the worker copies them, then exported from it.
  const target = directoryTarget(path.join(out, 'backup'));
  for (const id of [companyId, gone.id, odd.id]) while ((await backupPass({ target, companyId: id })).replicated > 0);
  fromBackup = await exportStaticFromBackup({ out: path.join(out, 'site-from-backup'), target, concurrency: 3 });
});

afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await db.$disconnect();
});

const site = () => path.join(out, 'site');
const published = () => [serial, plain, batch, model, twice, successor, ceased];

/** The live answer of `want`: its bytes and media type, or the refusal's status and body as the route renders it. */
async function live(want: RepresentationRequest) {
  try {
    const r = await publicRepresentation(want);
    return { status: 200, bytes: Buffer.from(r.bytes), contentType: r.contentType, headers: r.headers };
  } catch (error) {
    const refused = await refusalBody(error);
    const headers: Record<string, string> = {};
    return { status: refused.status, bytes: refused.bytes, contentType: 'application/json; charset=utf-8', headers };
  }
}

describe('exportStaticSite', () => {
  it('reports what it wrote: every publicly answered passport of every company, none deprecated or sandbox', () => {
    // Other test files share the database: the export holds their passports too, and this file's in full.
    expect(report.passports.published).toBeGreaterThanOrEqual(published().length);
    expect(report.passports.withdrawn).toBeGreaterThanOrEqual(1);
    const ours = [...published(), withdrawn].map((p) => p.slug);
    expect(report.skipped.filter((address) => ours.some((slug) => address.includes(slug)))).toEqual([]);
    expect(report.unavailable.filter((u) => ours.some((slug) => u.path.includes(slug)))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(site(), '.export', 'manifest.json'), 'utf8'));
    expect(manifest).toEqual(report);
    const sums = readFileSync(path.join(site(), '.export', 'SHA256SUMS'), 'utf8');
    for (const p of published()) expect(sums).toContain(`  api/dpp/${p.slug}/index.json\n`);
    expect(sums).toContain(`  _gone/api/dpp/${withdrawn.slug}/index.json\n`);
    for (const p of [deprecated, sandbox]) expect(sums).not.toContain(`/${p.slug}/`);
  });

  it('records every file with its SHA-256, so `sha256sum -c` checks the copy', () => {
    const lines = readFileSync(path.join(site(), '.export', 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBe(report.files);
    for (const line of lines) {
      const [sum, file] = line.split('  ');
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(site(), file)))
          .digest('hex'),
        file,
      ).toBe(sum);
    }
  });

  it('reports a passport whose stored data cannot be read as unavailable, and copies the others', () => {
    expect(report.unavailable).toContainEqual({ path: `/api/dpp/${broken.slug}`, code: expect.any(String) });
    expect(report.unavailableCount).toBeGreaterThanOrEqual(1);
    const sums = readFileSync(path.join(site(), '.export', 'SHA256SUMS'), 'utf8');
    expect(sums).not.toContain(broken.slug);
  });

  it('refuses a directory that is not empty: an export never mixes with another', async () => {
    await expect(exportStaticSite({ out: site() })).rejects.toThrow(/is not empty/);
  });

  it('exports one company only when asked: its passports and issuer, no other company’s', async () => {
    const only = path.join(out, 'one-company');
    const one = await exportStaticSite({ out: only, companyId: ceased.companyId });
    expect(one.passports).toEqual({ published: 1, withdrawn: 0 });
    const sums = readFileSync(path.join(only, '.export', 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(`api/dpp/${ceased.slug}/index.json`);
    expect(sums).not.toContain(serial.slug);
    expect(sums).not.toContain(`issuers/${companySlug}/`);
  });
});

/** The answers a copy must give, through `origin()` (a web server serving the export directory). */
function servesTheLiveAnswers(origin: () => string) {
  const get = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin()}${p}`, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  /** Status, media type and bytes of the copy's answer at `p` are the live service's for `want`. */
  async function same(p: string, want: RepresentationRequest, headers: Record<string, string> = {}) {
    const [{ res, bytes }, expected] = await Promise.all([get(p, headers), live(want)]);
    expect(res.status, p).toBe(expected.status);
    expect(res.headers.get('content-type'), p).toBe(expected.contentType);
    expect(bytes.equals(expected.bytes), `${p}: the live service's bytes`).toBe(true);
    return Object.assign(res, { parsed: () => JSON.parse(bytes.toString('utf8')) });
  }

  it('serves each published passport’s JSON, JSON-LD, version list, versions, credentials and QR codes as live', async () => {
    for (const p of published()) {
      const api = `/api/dpp/${p.slug}`;
      const json = await same(api, { form: 'dpp', slug: p.slug });
      expect(json.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(json.headers.get('access-control-allow-origin')).toBe('*');
      await same(`${api}/jsonld`, { form: 'jsonld', slug: p.slug });
      const versions = (await same(`${api}/versions`, { form: 'versions', slug: p.slug })).parsed();
      for (const { version, url, credential } of versions as { version: number; url: string; credential: string }[]) {
        const answer = await same(url, { form: 'version', slug: p.slug, version: String(version) });
        const expected = (await live({ form: 'version', slug: p.slug, version: String(version) })).headers;
        for (const name of ['X-DPP-Version', 'X-Snapshot-Sha256', 'X-Snapshot-Bytes', 'X-Snapshot-Published-At'])
          expect(answer.headers.get(name), `${url} ${name}`).toBe(expected[name]);
        await same(credential, { form: 'credential', slug: p.slug, version: String(version) });
      }
      await same(`${api}/qr`, { form: 'qr', slug: p.slug, format: null });
      await same(`${api}/qr?format=svg`, { form: 'qr', slug: p.slug, format: 'svg' });
      const png = await get(`${api}/qr?format=png`);
      expect(png.res.headers.get('content-type')).toBe('image/png');
      const image = PNG.sync.read(png.bytes);
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(
        `${config().BASE_URL}${passportPath(p)}`,
      );
    }
    const two = JSON.parse((await get(`/api/dpp/${twice.slug}/versions`)).bytes.toString('utf8'));
    expect(two.map((v: { version: number }) => v.version)).toEqual([1, 2]);
  });

  it('answers the resolver’s addresses as live: linkset, JSON-LD by Accept, Link and Vary on every answer', async () => {
    for (const p of published()) {
      for (const address of [passportPath(p), `/dpp/${p.slug}`]) {
        const linkset = await same(`${address}?linkType=linkset`, { form: 'linkset', resolverPath: address });
        expect(linkset.headers.get('link')).toBe(linksetLinkHeader(origin(), address));
        expect(linkset.headers.get('vary')).toBe('Accept');
        expect(linkset.headers.get('access-control-allow-origin')).toBe('*');
        await same(address, { form: 'linkset', resolverPath: address }, { accept: 'application/linkset+json' });
        await same(address, { form: 'jsonld', resolverPath: address }, { accept: 'application/ld+json' });
      }
    }
    const unknown = await same(
      `/01/${gtin(99)}/21/NOPE`,
      { form: 'linkset', resolverPath: `/01/${gtin(99)}/21/NOPE` },
      { accept: 'application/linkset+json' },
    );
    expect(unknown.headers.get('link')).toBe(linksetLinkHeader(origin(), `/01/${gtin(99)}/21/NOPE`));
  });

  it('answers OPTIONS and CORS on every resolver address as live (GS1-Conformant resolver: GET, HEAD, OPTIONS, CORS)', async () => {
    for (const p of published()) {
      for (const address of [passportPath(p), `/dpp/${p.slug}`]) {
        const options = await fetch(`${origin()}${address}`, { method: 'OPTIONS' });
        expect(options.status, address).toBe(204);
        expect(options.headers.get('allow'), address).toBe('GET, HEAD, OPTIONS');
        expect(options.headers.get('access-control-allow-origin'), address).toBe('*');
        expect(options.headers.get('access-control-allow-methods'), address).toBe('GET, HEAD, OPTIONS');
        expect(options.headers.get('access-control-allow-headers'), address).toContain('Accept');
        expect(options.headers.get('link'), address).toBe(linksetLinkHeader(origin(), address));
        const page = await get(address, { accept: 'text/html' });
        expect(page.res.headers.get('access-control-allow-origin'), address).toBe('*');
        expect(page.res.headers.get('access-control-allow-methods'), address).toBe('GET, HEAD, OPTIONS');
      }
    }
    const unknown = await get(`/01/${gtin(99)}`, { accept: 'text/html' });
    expect(unknown.res.status).toBe(404);
    expect(unknown.res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('serves the viewer page at every address of a published passport: data, JSON-LD, no script, a fixed policy', async () => {
    for (const p of published()) {
      const jsonld = JSON.parse((await live({ form: 'jsonld', slug: p.slug })).bytes.toString('utf8'));
      for (const address of [passportPath(p), `/dpp/${p.slug}`]) {
        for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*']) {
          const { res, bytes } = await get(address, { accept });
          expect(res.status, address).toBe(200);
          expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
          expect(res.headers.get('content-security-policy')).toBe(STATIC_PAGE_POLICY);
          expect(res.headers.get('link')).toBe(linksetLinkHeader(origin(), address));
          expect(res.headers.get('x-robots-tag')).toBeNull();
          const html = bytes.toString('utf8');
          expect(html).toContain(`<h1>${p.name}</h1>`);
          const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
          expect(scripts.map((s) => s[1])).toEqual([' type="application/ld+json"']);
          expect(JSON.parse(scripts[0][2])).toEqual(jsonld);
          expect(html).toContain(`href="/api/dpp/${p.slug}/v/1"`);
          expect(html).toContain(`src="/api/dpp/${p.slug}/qr"`);
        }
      }
    }
    const css = await get('/_static/viewer.css');
    expect(css.res.status).toBe(200);
    expect(css.res.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers a withdrawn passport as live: 410 on its JSON and the resolver’s documents, its page with the notice, noindex', async () => {
    const api = `/api/dpp/${withdrawn.slug}`;
    for (const form of ['dpp', 'jsonld', 'versions'] as const) {
      const res = await same(form === 'dpp' ? api : `${api}/${form}`, { form, slug: withdrawn.slug });
      expect(res.status).toBe(410);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    await same(`${api}/v/1`, { form: 'version', slug: withdrawn.slug, version: '1' });
    await same(`${api}/v/1/credential`, { form: 'credential', slug: withdrawn.slug, version: '1' });
    await same(`${api}/qr`, { form: 'qr', slug: withdrawn.slug, format: null });
    const address = passportPath(withdrawn);
    const gone = await same(
      address,
      { form: 'linkset', resolverPath: address },
      { accept: 'application/linkset+json' },
    );
    expect(gone.status).toBe(410);
    expect(gone.headers.get('link')).toBe(linksetLinkHeader(origin(), address));
    const { res, bytes } = await get(address, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = bytes.toString('utf8');
    expect(html).toContain('This passport has been withdrawn');
    expect(html).toContain('Recalled &lt;for&gt; a &quot;test&quot;');
    expect(html).toContain(`href="${passportPath(successor)}"`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
  });

  it('refuses what the live service refuses, with its bodies: unknown, deprecated, sandbox, a missing or malformed version, a bad format', async () => {
    for (const slug of ['no-such-passport', deprecated.slug, sandbox.slug]) {
      expect((await same(`/api/dpp/${slug}`, { form: 'dpp', slug })).status).toBe(404);
      await same(`/api/dpp/${slug}/v/1`, { form: 'version', slug, version: '1' });
    }
    const missing = await same(`/api/dpp/${serial.slug}/v/9`, { form: 'version', slug: serial.slug, version: '9' });
    expect(missing.status).toBe(404);
    for (const version of ['0', '01', 'abc']) {
      const refused = await same(`/api/dpp/${serial.slug}/v/${version}`, {
        form: 'version',
        slug: serial.slug,
        version,
      });
      expect(refused.status).toBe(400);
    }
    const format = await same(`/api/dpp/${serial.slug}/qr?format=gif`, {
      form: 'qr',
      slug: serial.slug,
      format: 'gif',
    });
    expect(format.status).toBe(400);
    const page = await get(`/dpp/no-such-passport`, { accept: 'text/html' });
    expect(page.res.status).toBe(404);
    expect(page.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const internal of [
      '/.export/manifest.json',
      '/.export/SHA256SUMS',
      `/_gone/api/dpp/${withdrawn.slug}/index.json`,
    ])
      expect((await get(internal)).res.status, internal).toBe(404);
  });

  it('revalidates with the copy’s own validator: If-None-Match answers 304', async () => {
    const first = await get(`/api/dpp/${serial.slug}`);
    const etag = first.res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(`/api/dpp/${serial.slug}`, { 'if-none-match': etag! });
    expect(again.res.status).toBe(304);
  });

  it('names a ceased company’s back-up on its passport’s JSON and page', async () => {
    const json = JSON.parse((await get(`/api/dpp/${ceased.slug}`)).bytes.toString('utf8'));
    const backup = `https://archive.example.org/passports${passportPath(ceased)}`;
    expect(json.continuity).toEqual({ operatorCeasedAt: expect.any(String), backupUrl: backup });
    const html = (await get(passportPath(ceased), { accept: 'text/html' })).bytes.toString('utf8');
    expect(html).toContain('The economic operator has ceased its activity');
    expect(html).toContain(`<a href="${backup}">${backup}</a>`);
    const other = JSON.parse((await get(`/api/dpp/${serial.slug}`)).bytes.toString('utf8'));
    expect(other).not.toHaveProperty('continuity');
  });

  it('serves the issuers’ DID documents, status lists and the vocabularies as live, so a credential verifies from the copy alone', async () => {
    const did = await get(`/issuers/${companySlug}/did.json`);
    expect(did.res.headers.get('content-type')).toBe('application/did+ld+json');
    expect(did.bytes.toString('utf8')).toBe(JSON.stringify(await didDocument(companySlug)));
    const lists = [];
    for (const purpose of ['revocation', 'suspension']) {
      const list = await get(`/issuers/${companySlug}/status/1/${purpose}`);
      expect(list.res.headers.get('content-type')).toBe('application/vc+jwt');
      expect(list.bytes.toString('utf8')).toBe((await statusListCredential(companySlug, '1', purpose)).jwt);
      lists.push(list.bytes.toString('utf8'));
    }
    expect((await get('/issuers/no-such-company/did.json')).res.status).toBe(404);
    const jws = (await get(`/api/dpp/${serial.slug}/v/1/credential`)).bytes.toString('utf8');
    const verified = await verifyPassportCredential(
      { jws },
      { didDocument: JSON.parse(did.bytes.toString('utf8')), statusLists: lists, offline: true },
    );
    expect(verified.reasons).toEqual([]);
    expect(verified.valid).toBe(true);
    for (const [ns, GET] of [
      ['dpp', serveDpp],
      ['espr', serveEspr],
    ] as const) {
      const served = await get(`/ns/${ns}`);
      expect(served.res.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
      expect(served.bytes.equals(Buffer.from(await GET().arrayBuffer()))).toBe(true);
    }
  });
}

describe('the copy through a plain static server applying the nginx rules (testing/static-export-server.ts)', () => {
  let server: StaticExportServer;
  beforeAll(async () => {
    server = await new StaticExportServer(site()).start();
  });
  afterAll(() => server.stop());
  servesTheLiveAnswers(() => server.origin);
});

describe('the copy made from the back-up target alone (export:static --from-backup)', () => {
  const backupSite = () => path.join(out, 'site-from-backup');
  let server: StaticExportServer;
  beforeAll(async () => {
    server = await new StaticExportServer(backupSite()).start();
  });
  afterAll(() => server.stop());

  it('holds every passport the back-up holds, none deprecated, and says it came from the back-up', () => {
    expect(fromBackup).toMatchObject({ source: 'backup', passports: { published: published().length, withdrawn: 1 } });
    expect(fromBackup.unavailable).toEqual([]);
    const sums = readFileSync(path.join(backupSite(), '.export', 'SHA256SUMS'), 'utf8');
    expect(sums).not.toContain(`/${deprecated.slug}/`);
    expect(sums).not.toContain(broken.slug);
  });

  it('is the same site as the export from the database: every file of these passports byte for byte', () => {
    const sums = (dir: string) =>
      new Map(
        readFileSync(path.join(dir, '.export', 'SHA256SUMS'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split('  ').reverse() as [string, string]),
      );
    const fromDb = sums(site());
    const copied = sums(backupSite());
    for (const [file, sum] of copied) expect(fromDb.get(file), file).toBe(sum);
    const ours = [...published(), withdrawn].map((p) => p.slug);
    for (const file of fromDb.keys())
      if (ours.some((slug) => file.includes(`/${slug}/`))) expect(copied.has(file), file).toBe(true);
    const map = (dir: string) => readFileSync(path.join(dir, '.export', 'nginx-map.conf'), 'utf8').split('\n');
    const dbMap = new Set(map(site()));
    for (const line of map(backupSite()).filter((l) => l.includes(withdrawn.slug) || l.includes(twice.slug)))
      expect(dbMap.has(line), line).toBe(true);
  });

  it('leaves out and reports a passport whose back-up files differ from its manifest, never a part of it', async () => {
    const target = directoryTarget(path.join(out, 'backup'));
    const folder = passportFolder(plain.slug);
    const manifest = JSON.parse(readFileSync(path.join(out, 'backup', folder, MANIFEST_FILE), 'utf8'));
    const page = manifest.files.find((f: { path: string }) => f.path.endsWith('index.html'));
    await target.put(`${folder}/${page.path}`, Buffer.from('<p>altered</p>'));
    const again = await exportStaticFromBackup({ out: path.join(out, 'altered'), target });
    expect(again.unavailable).toContainEqual({ path: `/api/dpp/${plain.slug}`, code: 'BACKUP_FILE_DIFFERS' });
    const sums = readFileSync(path.join(out, 'altered', '.export', 'SHA256SUMS'), 'utf8');
    expect(sums).not.toContain(plain.slug);
    expect(sums).toContain(`api/dpp/${serial.slug}/index.json`);
    // One company's copy: its passport and its issuer documents, no other company's.
    const only = path.join(out, 'one-from-backup');
    const one = await exportStaticFromBackup({ out: only, target, company: ceasedSlug });
    expect(one.passports).toEqual({ published: 1, withdrawn: 0 });
    const oneSums = readFileSync(path.join(only, '.export', 'SHA256SUMS'), 'utf8');
    expect(oneSums).toContain(`api/dpp/${ceased.slug}/index.json`);
    expect(oneSums).not.toContain(serial.slug);
    expect(oneSums).not.toContain(`issuers/${companySlug}/`);
  });

  servesTheLiveAnswers(() => server.origin);
});

describe.skipIf(!nginxInstalled())(
  `the copy through nginx (${NGINX_BINARY}) with deploy/nginx-static-export.conf`,
  () => {
    let nginx: Awaited<ReturnType<typeof startNginx>>;
    beforeAll(async () => {
      const conf = readFileSync(new URL('../../../deploy/nginx-static-export.conf', import.meta.url), 'utf8');
      expect(conf).toContain('listen 80;');
      // The two places the export directory is named: the generated map's include and the root.
      expect(conf.split('\n').filter((line) => !line.startsWith('#') && line.includes('/srv/passports'))).toEqual([
        'include /srv/passports/.export/nginx-map.conf;',
        '    root /srv/passports;',
      ]);
      nginx = await startNginx((port) =>
        conf.replaceAll('/srv/passports', site()).replace('listen 80;', `listen 127.0.0.1:${port};`),
      );
    });
    afterAll(() => nginx?.stop());
    servesTheLiveAnswers(() => nginx.origin);
  },
);
