// Fuzzing: every operation of the two served OpenAPI documents, driven with requests generated from the documented
// schemas (valid ones, correctly signed; the same with one thing broken), and with hand-written nasty requests,
// against the production build. For every answer: never a 5xx, the documented envelope of its surface, a code the
// document lists for that operation, no stack trace, SQL text or other tenant's id; and the other tenant's rows and
// files are exactly as they were. FUZZ_SEED replays a run; `--long` runs many more cases.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signBmsRequest, signIntegrationRequest } from '../lib/client/signing';
import { createPrismaClient, type Db } from '../lib/db/client';
import { DOCUMENT_TYPES } from '../lib/documents/metadata';
import { GRANTABLE_SCOPES } from '../lib/integration/scopes';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { IMPOSTORS, SAMPLES } from '../testing/document-samples';
import { createPublishedPassport, createTestBmsSecret, createTestCompany, mintTestKey } from '../testing/factories';
import { apiTenant } from '../testing/integration-client';
import { waitFor } from '../testing/poll';
import { TestReceiver } from '../testing/webhooks';
import { figure, longMode } from './kit/figures';
import { multipart, type NastyCase, nastyCases, POLLUTION_MARKER, type RequestOptions } from './kit/nasty';
import { type Operation, operationName, operationsOf } from './kit/operations';
import { type RawRequest, type RawResponse, rawRequest } from './kit/raw-http';
import { Deferred, type JsonSchema, SchemaArbitraries, settle } from './kit/schema-arbitrary';
import { type RunningService, startService } from './kit/service';
import { changedRows, type TenantDigest, tenantDigest } from './kit/tenant-digest';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = longMode() ? { valid: 150, invalid: 150 } : { valid: 10, invalid: 12 };
/** Nasty cases per operation in the quick mode (all of them under --long); the choice follows the seed. */
const NASTY_PER_OPERATION = longMode() ? Infinity : 18;
/** Requests in flight at once: operations are fuzzed side by side (the keys:admin ones in one lane, in turn). */
const LANES = 4;
const UNLIMITED = '100000000';
/** Per property test: the quick mode stays within the suite's 3 minutes; the long one takes what it needs. */
const TEST_TIMEOUT_MS = longMode() ? 3_600_000 : 180_000;

type Kind = 'valid' | 'invalid' | 'nasty';

// ---------------------------------------------------------------------------------------------------------------
// The service, the tenants and what they own

let database: TestDatabase;
let db: Db;
let service: RunningService;
let receiver: TestReceiver;
let documentsDir: string;
let operations: Operation[] = [];
let documents: { integration: JsonSchema; bms: JsonSchema };
let categoryCodes: string[] = [];

interface Key {
  id: string;
  key: string;
  signingSecret: string;
}

/** The fuzzing tenant: company A (every grantable scope, GDPR) and company B (keys:admin), with their objects. */
const own = {
  companyId: '',
  main: undefined as unknown as Key,
  gdpr: undefined as unknown as Key,
  /** Keys holding one scope each, for the operations that need another. */
  narrow: [] as { scope: string; key: Key }[],
  sandbox: undefined as unknown as Key,
  revoked: undefined as unknown as Key,
  admin: undefined as unknown as Key,
  adminCompanyId: '',
  bmsSecret: '',
  pools: new Map<string, string[]>(),
};

/** The other tenant: everything it owns, and the fingerprint taken before the first request. */
const victim = {
  companyId: '',
  ids: [] as string[],
  pools: new Map<string, string[]>(),
  before: new Map() as TenantDigest,
};

const poolOf = (pools: Map<string, string[]>, kind: string) => {
  if (!pools.has(kind)) pools.set(kind, []);
  return pools.get(kind)!;
};

const stats = {
  tried: { valid: 0, invalid: 0, nasty: 0 } as Record<Kind, number>,
  succeeded: 0,
  fiveXX: 0,
  undocumented: 0,
  refusedByHttpLayer: 0,
  acceptedInvalid: 0,
  leaks: 0,
  cutByReset: 0,
  covered: new Set<string>(),
};

async function apiCall<T = any>(
  client: Awaited<ReturnType<typeof apiTenant>>['client'],
  method: string,
  p: string,
  body?: unknown,
): Promise<T> {
  const answer = await client.send(method, p, body === undefined ? {} : { body });
  if (answer.status >= 300) throw new Error(`${method} ${p} answered ${answer.status}: ${JSON.stringify(answer.data)}`);
  return answer.data as T;
}

beforeAll(async () => {
  database = await createTestDatabase('resilience_fuzz');
  db = createPrismaClient(database.url);
  receiver = await new TestReceiver().start();
  documentsDir = await mkdtemp(path.join(tmpdir(), 'bps-fuzz-documents-'));
  service = await startService({
    databaseUrl: database.url,
    env: {
      RATE_LIMIT_EDGE_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_DPP_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_API_KEY_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_BMS_PER_SECOND: UNLIMITED,
      // Webhook receivers on loopback only (the suite's own receiver): no delivery ever leaves this machine.
      WEBHOOKS_ALLOW_PRIVATE: '1',
      DOCUMENTS_DIR: documentsDir,
    },
  });

  // The other tenant first, through the API as an integrator builds it; its webhook endpoint last, so no event of
  // the set-up is still waiting to be delivered to it when the fingerprint is taken.
  const v = await apiTenant(db, service.baseUrl);
  victim.companyId = v.company.id;
  const vProducts = [
    await apiCall(v.client, 'POST', '/api/v1/products', {
      name: `Victim draft ${randomUUID()}`,
      categoryCode: 'EV_BATTERY',
      formData: { manufacturing_place: 'Victim plant' },
    }),
    await apiCall(v.client, 'POST', '/api/v1/products', {
      name: `Victim draft ${randomUUID()}`,
      categoryCode: 'LMT_BATTERY',
    }),
  ];
  const vPublished = await createPublishedPassport(db, { companyId: v.company.id });
  const vSupplier = await db.supplier.create({
    data: { companyId: v.company.id, name: `Victim supplier ${randomUUID()}` },
  });
  const vMapping = await apiCall(v.client, 'POST', '/api/v1/erp-mappings', {
    name: `Victim mapping ${randomUUID()}`,
    categoryCode: 'EV_BATTERY',
    columns: [{ column: 'Model', fieldId: 'model_number' }],
  });
  await apiCall(v.client, 'POST', `/api/v1/products/${vProducts[0].id}/traceability`, {
    stage: 'refining',
    supplierId: vSupplier.id,
    country: 'FI',
  });
  await apiCall(v.client, 'POST', `/api/v1/products/${vProducts[0].id}/components`, {
    childId: vProducts[1].id,
    quantity: 2,
  });
  await apiCall(v.client, 'POST', '/api/v1/companies/me/gs1-prefixes', { prefix: '4012345' });
  const vDocument = await v.client.uploadDocument(vProducts[0].id, {
    file: SAMPLES.pdf.bytes,
    fileName: 'victim.pdf',
    documentType: 'test_report',
    title: 'Victim report',
  });
  const vSecret = await createTestBmsSecret(db, v.company.id);
  const vKey = await mintTestKey(db, v.company.id, { scopes: ['dpp:read'] });
  const vEndpoint = await apiCall(v.client, 'POST', '/api/v1/webhook-endpoints', {
    url: `${receiver.url}/victim`,
    eventTypes: ['*'],
  });
  const vProductIds = [...vProducts.map((p) => p.id as string), vPublished.id];
  victim.pools.set('product', vProductIds);
  victim.pools.set('bms-product', vProductIds);
  victim.pools.set('document', [vDocument.id]);
  victim.pools.set('erp-mapping', [vMapping.id]);
  victim.pools.set('webhook-endpoint', [vEndpoint.id]);
  victim.pools.set('key', [v.key.id, vKey.id]);
  victim.pools.set('supplier', [vSupplier.id]);
  // The victim's published passport offered to a third company: its handover is not ours to read or answer.
  const vHandover = await db.handover.create({
    data: {
      mode: 'LIVE',
      productId: vPublished.id,
      fromCompanyId: v.company.id,
      toCompanyId: (await createTestCompany(db)).id,
      reason: 'REPURPOSED',
      expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    },
  });
  victim.pools.set('handover', [vHandover.id]);
  victim.ids = [
    v.company.id,
    ...vProductIds,
    vPublished.slug,
    vSupplier.id,
    vMapping.id,
    vDocument.id,
    vSecret.id,
    v.key.id,
    vKey.id,
    vEndpoint.id,
    vHandover.id,
  ];

  // Our own tenant.
  const a = await apiTenant(db, service.baseUrl);
  own.companyId = a.company.id;
  own.main = { id: a.key.id, key: a.key.key, signingSecret: a.key.signingSecret };
  const mint = async (companyId: string, scopes: string[], mode: 'live' | 'test' = 'live'): Promise<Key> => {
    const k = await mintTestKey(db, companyId, { scopes: scopes as never, mode });
    return { id: k.id, key: k.key, signingSecret: k.signingSecret };
  };
  own.gdpr = await mint(a.company.id, ['gdpr:admin']);
  for (const scope of ['category:read', 'dpp:read']) own.narrow.push({ scope, key: await mint(a.company.id, [scope]) });
  own.sandbox = await mint(a.company.id, GRANTABLE_SCOPES, 'test');
  own.revoked = await mint(a.company.id, GRANTABLE_SCOPES);
  await db.apiKey.update({ where: { id: own.revoked.id }, data: { revokedAt: new Date() } });
  const b = await createTestCompany(db);
  own.adminCompanyId = b.id;
  own.admin = await mint(b.id, ['keys:admin']);
  for (let i = 0; i < 4; i++) poolOf(own.pools, 'key').push((await mint(b.id, ['dpp:read'])).id);

  const endpoint = await apiCall(a.client, 'POST', '/api/v1/webhook-endpoints', {
    url: `${receiver.url}/own`,
    eventTypes: ['*'],
  });
  poolOf(own.pools, 'webhook-endpoint').push(endpoint.id);
  for (const categoryCode of ['EV_BATTERY', 'EV_BATTERY', 'INDUSTRIAL_BATTERY']) {
    const product = await apiCall(a.client, 'POST', '/api/v1/products', {
      name: `Own draft ${randomUUID()}`,
      categoryCode,
    });
    poolOf(own.pools, 'product').push(product.id);
  }
  for (let i = 0; i < 2; i++)
    poolOf(own.pools, 'product').push((await createPublishedPassport(db, { companyId: a.company.id })).id);
  const bmsProduct = await createPublishedPassport(db, { companyId: a.company.id });
  own.pools.set('bms-product', [bmsProduct.id]);
  own.bmsSecret = (await createTestBmsSecret(db, a.company.id)).secret;
  const supplier = await db.supplier.create({
    data: { companyId: a.company.id, name: `Own supplier ${randomUUID()}` },
  });
  own.pools.set('supplier', [supplier.id]);
  // Handovers of our own: one offered to us by the other company (ours to accept or decline), and one we offered.
  const offeredToUs = await createPublishedPassport(db, { companyId: b.id });
  const ourPublished = own.pools.get('product')!.at(-1)!;
  for (const [productId, fromCompanyId, toCompanyId] of [
    [offeredToUs.id, b.id, a.company.id],
    [ourPublished, a.company.id, b.id],
  ]) {
    const h = await db.handover.create({
      data: {
        mode: 'LIVE',
        productId,
        fromCompanyId,
        toCompanyId,
        reason: 'REMANUFACTURED',
        expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      },
    });
    poolOf(own.pools, 'handover').push(h.id);
  }
  const mapping = await apiCall(a.client, 'POST', '/api/v1/erp-mappings', {
    name: `Own mapping ${randomUUID()}`,
    categoryCode: 'EV_BATTERY',
    columns: [{ column: 'Model', fieldId: 'model_number' }],
  });
  poolOf(own.pools, 'erp-mapping').push(mapping.id);
  const firstDraft = own.pools.get('product')![0]!;
  const document = await a.client.uploadDocument(firstDraft, {
    file: SAMPLES.pdf.bytes,
    fileName: 'own.pdf',
    documentType: 'test_report',
    title: 'Own report',
  });
  poolOf(own.pools, 'document').push(document.id);
  // The events above reach our endpoint: their deliveries are the ids redeliver works on.
  await waitFor(
    async () => (await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })) > 0,
    60_000,
    'a webhook delivery to our own endpoint',
  );
  own.pools.set(
    'webhook-delivery',
    (await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { id: true } })).map((d) => d.id),
  );

  const integration = await (await fetch(`${service.baseUrl}/api/v1/openapi.json`)).json();
  const bms = await (await fetch(`${service.baseUrl}/api/v1/bms/openapi.json`)).json();
  documents = { integration, bms };
  operations = [...operationsOf(integration, 'integration'), ...operationsOf(bms, 'bms')];
  const categories = await apiCall<{ data?: { code: string }[] } | { code: string }[]>(
    a.client,
    'GET',
    '/api/v1/categories',
  );
  categoryCodes = (Array.isArray(categories) ? categories : (categories.data ?? [])).map((c) => c.code);
  expect(categoryCodes.length).toBeGreaterThan(0);

  // Whatever the set-up started settles before the fingerprint: two equal fingerprints a second apart.
  let previous = await tenantDigest(db, victim.companyId, documentsDir);
  await waitFor(
    async () => {
      const next = await tenantDigest(db, victim.companyId, documentsDir);
      const same = changedRows(previous, next).length === 0;
      previous = next;
      return same;
    },
    30_000,
    "the other tenant's rows to settle",
  );
  victim.before = previous;
  figure('fuzz', 'seed (FUZZ_SEED)', SEED);
}, 600_000);

afterAll(async () => {
  if (operations.length) {
    const perDocument = operations.length;
    figure('fuzz', 'requests tried (valid)', stats.tried.valid);
    figure('fuzz', 'requests tried (invalid)', stats.tried.invalid);
    figure('fuzz', 'requests tried (nasty)', stats.tried.nasty);
    figure('fuzz', 'answered 2xx', stats.succeeded);
    figure('fuzz', 'operations in both documents', perDocument);
    figure('fuzz', 'operations covered', stats.covered.size);
    figure('fuzz', '5xx seen', stats.fiveXX);
    figure('fuzz', 'undocumented codes seen', stats.undocumented);
    figure('fuzz', 'invalid requests accepted', stats.acceptedInvalid);
    figure('fuzz', 'leaks (stack, SQL, other tenant)', stats.leaks);
    figure('fuzz', 'refused by the HTTP parser (431/400, no body)', stats.refusedByHttpLayer);
    figure('fuzz', 'answers cut or lost by a reset (unread body on GET)', stats.cutByReset);
    figure('fuzz', 'other tenant rows changed', (await victimUnchanged().catch(() => ['(digest failed)'])).length);
  }
  await service?.stop();
  await receiver?.stop();
  await db?.$disconnect();
  await database?.dispose();
  if (documentsDir) await rm(documentsDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Requests: a plan (what to send) made concrete at send time (ids of objects created so far, fresh signatures)

/** Which pool an `{id}` of a path names: the collection segment before it. */
function idKind(op: Operation): string {
  if (op.surface === 'bms') return 'bms-product';
  const segment = /\/([a-z-]+)\/\{id\}/.exec(op.template)?.[1] ?? '';
  return (
    (
      {
        products: 'product',
        documents: 'document',
        'erp-mappings': 'erp-mapping',
        'webhook-endpoints': 'webhook-endpoint',
        'webhook-deliveries': 'webhook-delivery',
        keys: 'key',
        handovers: 'handover',
      } as Record<string, string>
    )[segment] ?? segment
  );
}

const UUID_STAND = '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f';

/** An id of the tenant's own objects, the other tenant's, or no one's. */
function idArbitrary(kind: string, ownOnly = false): fc.Arbitrary<unknown> {
  const from = (tenant: 'own' | 'victim') =>
    fc.nat().map(
      (i) =>
        new Deferred(
          `${tenant} ${kind} #${i}`,
          () => {
            const pool = poolOf(tenant === 'own' ? own.pools : victim.pools, kind);
            return pool.length ? pool[i % pool.length] : UUID_STAND;
          },
          UUID_STAND,
        ),
    );
  if (ownOnly) return from('own');
  return fc.oneof(
    { weight: 5, arbitrary: from('own') },
    { weight: 2, arbitrary: from('victim') },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
  );
}

function schemaArbitraries(document: JsonSchema): SchemaArbitraries {
  return new SchemaArbitraries(document, {
    hint: (name, schema, generic) => {
      const mix = (specific: fc.Arbitrary<unknown>, weight = 4) =>
        fc.oneof({ weight, arbitrary: specific }, { weight: 1, arbitrary: generic() });
      switch (name) {
        case 'categoryCode':
          return mix(fc.constantFrom(...categoryCodes));
        case 'url':
          // Never a host name (it would be resolved over the network): our receiver, or addresses the policy refuses.
          return fc.oneof(
            { weight: 4, arbitrary: fc.nat(99).map((n) => `${receiver.url}/${n}`) },
            {
              weight: 2,
              arbitrary: fc.constantFrom(
                'not a url',
                'ftp://127.0.0.1/x',
                'http://user:pw@127.0.0.1/x',
                'http://127.0.0.1/#fragment',
                'http://169.254.169.254/latest/meta-data',
                'http://[::1]:1/hook',
                'javascript:alert(1)',
                '',
              ),
            },
          );
        case 'fieldId':
          return mix(fc.constantFrom('model_number', 'rated_capacity_ah', 'manufacturing_place', 'current_soh_pct'));
        case 'childId':
        case 'successorId':
          return fc
            .oneof(idArbitrary('product'), fc.constant(null))
            .filter((v) => v !== null || schema.anyOf !== undefined);
        case 'supplierId':
          return fc.oneof(idArbitrary('supplier'), fc.constant(null));
        case 'mappingId':
          return idArbitrary('erp-mapping');
        case 'ids':
          return fc.array(idArbitrary('key'), { minLength: 1, maxLength: 3 });
        case 'lockVersion':
          return fc.integer({ min: 0, max: 4 });
        case 'formData':
          return mix(
            fc.constantFrom(
              {},
              { manufacturing_place: 'Plant fuzz' },
              { model_number: 'VX-1', rated_capacity_ah: 188 },
            ),
            2,
          );
        case 'email':
          return mix(
            fc.oneof(fc.emailAddress(), fc.constant('jane.doe@repairer.example')).filter((e) => e.length <= 254),
          );
        case 'prefix':
          return mix(fc.stringMatching(/^\d{4,12}$/));
        case 'gtin':
          return mix(fc.constantFrom('04012345000009', '4012345000009', '12345670', null));
        case 'allowedCidrs':
          return mix(fc.constantFrom([], ['127.0.0.1/32', '::1/128'], ['198.51.100.0/24']));
        default:
          return undefined;
      }
    },
  });
}

interface Plan {
  path: Record<string, unknown>;
  query: [string, string][];
  /** JSON value, or the parts of a multipart upload. */
  body?: unknown;
  mutation?: Mutation;
}

interface Mutation {
  what: string;
  /** The codes the contract gives for this mistake, when it names them. */
  expect?: string[];
  /** BMS formDataPatch member the service drops (200, listed in rejectedKeys) rather than refusing. */
  lenientKey?: string;
  header?: HeaderMutation;
  /** Multipart parts as they are to be sent. */
  contentType?: string;
}

type HeaderMutation =
  | 'no-authorization'
  | 'unknown-key'
  | 'not-bearer'
  | 'revoked-key'
  | 'sandbox-without-mode'
  | 'live-with-test-mode'
  | 'key-without-scope'
  | 'no-signature'
  | 'malformed-signature'
  | 'wrong-secret'
  | 'stale-signature'
  | 'future-signature'
  | 'other-body-signature'
  | 'other-method-signature'
  | 'no-idempotency-key'
  | 'long-idempotency-key'
  | 'text-plain'
  | 'no-bms-secret'
  | 'unknown-bms-secret'
  | 'bms-no-signature'
  | 'bms-malformed-signature'
  | 'bms-stale-signature'
  | 'bms-future-signature'
  | 'bms-other-body-signature';

/** The parts of an upload: its text parts (a document's metadata, an import's mapping and model), then its file. */
interface UploadParts {
  [text: string]: unknown;
  file?: { bytes: Uint8Array; name: string };
}

function keyFor(op: Operation): Key {
  if (op.scope === 'keys:admin') return own.admin;
  if (op.scope === 'gdpr:admin') return own.gdpr;
  return own.main;
}

const isUpload = (op: Operation) => op.body?.contentType === 'multipart/form-data';

function bodyBytes(op: Operation, body: unknown): { bytes?: Uint8Array; contentType?: string } {
  if (body === undefined) return {};
  if (isUpload(op)) {
    const parts = settle(body) as UploadParts;
    const list: Parameters<typeof multipart>[0] = [];
    for (const [name, value] of Object.entries(parts))
      if (name !== 'file' && value !== undefined) list.push({ name, value: String(value) });
    if (parts.file)
      list.push({ name: 'file', filename: parts.file.name, type: 'application/octet-stream', value: parts.file.bytes });
    const built = multipart(list);
    return { bytes: built.body, contentType: built.contentType };
  }
  return { bytes: new TextEncoder().encode(JSON.stringify(settle(body))), contentType: 'application/json' };
}

function targetOf(op: Operation, plan: Plan): string {
  let p = op.template;
  for (const parameter of op.pathParameters)
    p = p.replace(`{${parameter.name}}`, encodeURIComponent(String(settle(plan.path[parameter.name]))));
  const search = new URLSearchParams(plan.query).toString();
  return search ? `${p}?${search}` : p;
}

/** The path and query as the server will see them (its URL parser normalises the request target). */
const serverView = (target: string) => {
  const url = new URL(target, 'http://service.invalid');
  return url.pathname + url.search;
};

const unixNow = () => Math.floor(Date.now() / 1000);

/** Credentials and signature for a request of `op` with these bytes, then the header mutation (if any). */
function authenticate(
  op: Operation,
  target: string,
  body: Uint8Array | undefined,
  contentType: string | null | undefined,
  mutation?: HeaderMutation,
  override: Record<string, string> = {},
  extra: [string, string][] = [],
): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const set = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
  set('Accept', 'application/json');
  if (contentType) set('Content-Type', contentType);
  const raw = body ?? new Uint8Array();
  if (op.surface === 'integration' && op.scope !== null) {
    const key = keyFor(op);
    set('Authorization', `Bearer ${key.key}`);
    if (op.signed) {
      set('Idempotency-Key', randomUUID());
      set(
        'X-Service-Signature',
        signIntegrationRequest({
          method: op.method,
          pathWithQuery: serverView(target),
          body: raw,
          signingSecret: key.signingSecret,
        })['X-Service-Signature'],
      );
    }
    const resign = (k: Key, o: { t?: number; body?: Uint8Array; method?: string } = {}) =>
      set(
        'X-Service-Signature',
        signIntegrationRequest({
          method: o.method ?? op.method,
          pathWithQuery: serverView(target),
          body: o.body ?? raw,
          signingSecret: k.signingSecret,
          timestamp: o.t,
        })['X-Service-Signature'],
      );
    switch (mutation) {
      case 'no-authorization':
        headers.delete('authorization');
        break;
      case 'unknown-key':
        set('Authorization', `Bearer pk_live_${randomBytes(24).toString('base64url').slice(0, 32)}`);
        break;
      case 'not-bearer':
        set('Authorization', `Basic ${Buffer.from(`${key.key}:`).toString('base64')}`);
        break;
      case 'revoked-key':
        set('Authorization', `Bearer ${own.revoked.key}`);
        if (op.signed) resign(own.revoked);
        break;
      case 'sandbox-without-mode':
        set('Authorization', `Bearer ${own.sandbox.key}`);
        if (op.signed) resign(own.sandbox);
        break;
      case 'live-with-test-mode':
        set('X-Service-Mode', 'test');
        break;
      case 'key-without-scope': {
        const other =
          op.scope === 'keys:admin' || op.scope === 'gdpr:admin'
            ? own.main
            : own.narrow.find((n) => n.scope !== op.scope)!.key;
        set('Authorization', `Bearer ${other.key}`);
        if (op.signed) resign(other);
        break;
      }
      case 'no-signature':
        headers.delete('x-service-signature');
        break;
      case 'malformed-signature':
        set('X-Service-Signature', `v1=${'0'.repeat(64)}`);
        break;
      case 'wrong-secret':
        resign({ ...key, signingSecret: `sk_${randomBytes(16).toString('hex')}` });
        break;
      case 'stale-signature':
        resign(key, { t: unixNow() - 3600 });
        break;
      case 'future-signature':
        resign(key, { t: unixNow() + 3600 });
        break;
      case 'other-body-signature':
        resign(key, { body: new TextEncoder().encode(`${Buffer.from(raw).toString('latin1')} `) });
        break;
      case 'other-method-signature':
        resign(key, { method: op.method === 'POST' ? 'PUT' : 'POST' });
        break;
      case 'no-idempotency-key':
        headers.delete('idempotency-key');
        break;
      case 'long-idempotency-key':
        set('Idempotency-Key', 'i'.repeat(256));
        break;
      case 'text-plain':
        set('Content-Type', 'text/plain');
        break;
      default:
        break;
    }
  }
  if (op.surface === 'bms' && op.scope !== null) {
    const secret = own.bmsSecret;
    set('X-Service-BMS-Secret', secret);
    const sign = (s: string, o: { t?: number; body?: Uint8Array } = {}) =>
      set(
        'X-Service-Signature',
        signBmsRequest({ rawBody: o.body ?? raw, secret: s, timestamp: o.t })['X-Service-Signature'],
      );
    sign(secret);
    switch (mutation) {
      case 'no-bms-secret':
        headers.delete('x-service-bms-secret');
        break;
      case 'unknown-bms-secret': {
        const unknown = `bms_${randomBytes(24).toString('hex')}`;
        set('X-Service-BMS-Secret', unknown);
        sign(unknown);
        break;
      }
      case 'bms-no-signature':
        headers.delete('x-service-signature');
        break;
      case 'bms-malformed-signature':
        set('X-Service-Signature', `t=${unixNow()}`);
        break;
      case 'bms-stale-signature':
        sign(secret, { t: unixNow() - 600 });
        break;
      case 'bms-future-signature':
        sign(secret, { t: unixNow() + 3600 });
        break;
      case 'bms-other-body-signature':
        sign(secret, { body: new TextEncoder().encode('{}') });
        break;
      default:
        break;
    }
  }
  for (const [name, value] of Object.entries(override)) set(name, value);
  return [...headers.values(), ...extra];
}

function concrete(op: Operation, plan: Plan): RawRequest {
  const target = targetOf(op, plan);
  const { bytes, contentType } = bodyBytes(op, plan.body);
  return {
    method: op.method,
    target,
    headers: authenticate(op, target, bytes, plan.mutation?.contentType ?? contentType, plan.mutation?.header),
    ...(bytes ? { body: bytes } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Plans: valid ones from the documented schemas, invalid ones with exactly one thing broken

function queryArbitrary(op: Operation, sa: SchemaArbitraries): fc.Arbitrary<[string, string][]> {
  const members = op.queryParameters.map((p) => {
    const value = sa.valid(p.schema, p.name).map((v) => String(v));
    return p.required
      ? value.map((v) => [[p.name, v]] as [string, string][])
      : fc.option(value, { nil: undefined }).map((v) => (v === undefined ? [] : ([[p.name, v]] as [string, string][])));
  });
  return members.length ? fc.tuple(...members).map((lists) => lists.flat()) : fc.constant([]);
}

type UploadPlan = fc.Arbitrary<{ parts: UploadParts; mutation?: Mutation }>;

/** An upload's parts for the operation: an import of an ERP file, else a document. */
const uploadArbitrary = (op: Operation, invalid: boolean): UploadPlan =>
  op.template === '/api/v1/imports' ? importUploadArbitrary(invalid) : documentUploadArbitrary(invalid);

/**
 * An import: a CSV, JSON Lines or PDF file, with or without one of the tenant's mappings and a category. Whatever
 * the mapping reads, every answer is one the document lists (202, 400, 415 or 422).
 */
function importUploadArbitrary(invalid: boolean): UploadPlan {
  const files = [SAMPLES.csv, SAMPLES.json, SAMPLES.pdf].map((s) => ({ bytes: s.bytes as Uint8Array, name: s.name }));
  const valid = fc
    .record({
      mappingId: fc.option(fc.constantFrom(...poolOf(own.pools, 'erp-mapping')), { nil: undefined }),
      categoryCode: fc.option(fc.constantFrom('EV_BATTERY', 'LMT_BATTERY'), { nil: undefined }),
      file: fc.constantFrom(...files),
    })
    .map((parts) => ({ parts: parts as UploadParts }));
  if (!invalid) return valid;
  const broken: [string, (p: UploadParts) => UploadParts, string[]][] = [
    ['file part missing', ({ file: _f, ...p }) => p, ['FILE_REQUIRED']],
    ['empty file', (p) => ({ ...p, file: { bytes: new Uint8Array(), name: 'empty.csv' } }), ['FILE_REQUIRED']],
    [
      'executable bytes',
      (p) => ({ ...p, file: { bytes: IMPOSTORS.exe, name: 'export.csv' } }),
      ['UNSUPPORTED_MEDIA_TYPE'],
    ],
    [
      'CSV without a mapping',
      (p) => ({ ...p, mappingId: undefined, file: { bytes: SAMPLES.csv.bytes as Uint8Array, name: 'export.csv' } }),
      ['VALIDATION_ERROR'],
    ],
  ];
  return fc.tuple(valid, fc.constantFrom(...broken)).map(([{ parts }, [what, change, expect]]) => ({
    parts: change(parts),
    mutation: { what: `multipart: ${what}`, expect },
  }));
}

function documentUploadArbitrary(invalid: boolean): UploadPlan {
  const files = [SAMPLES.pdf, SAMPLES.png, SAMPLES.csv, SAMPLES.json, SAMPLES.xml, SAMPLES.jpeg].map((s) => ({
    bytes: s.bytes as Uint8Array,
    name: s.name,
  }));
  const valid = fc
    .record({
      documentType: fc.constantFrom(...DOCUMENT_TYPES),
      title: fc
        .string({ minLength: 1, maxLength: 60, unit: 'grapheme-composite' })
        .filter((t) => t.trim().length > 0 && t.length <= 200),
      language: fc.option(fc.constantFrom('en', 'de', 'en-GB', 'fi'), { nil: undefined }),
      file: fc.constantFrom(...files),
    })
    .map((parts) => ({ parts: parts as UploadParts }));
  if (!invalid) return valid;
  const broken: [string, (p: UploadParts) => UploadParts, string[]][] = [
    ['file part missing', ({ file: _f, ...p }) => p, ['FILE_REQUIRED']],
    ['empty file', (p) => ({ ...p, file: { bytes: new Uint8Array(), name: 'empty.pdf' } }), ['FILE_REQUIRED']],
    ['documentType missing', ({ documentType: _d, ...p }) => p, ['INVALID_METADATA']],
    ['documentType not in enum', (p) => ({ ...p, documentType: 'selfie' }), ['INVALID_METADATA']],
    ['title missing', ({ title: _t, ...p }) => p, ['INVALID_METADATA']],
    ['title longer than 200', (p) => ({ ...p, title: 't'.repeat(201) }), ['INVALID_METADATA']],
    ['language longer than 35', (p) => ({ ...p, language: 'l'.repeat(36) }), ['INVALID_METADATA']],
    [
      'executable bytes',
      (p) => ({ ...p, file: { bytes: IMPOSTORS.exe, name: 'setup.pdf' } }),
      ['UNSUPPORTED_MEDIA_TYPE'],
    ],
    ['zip bytes', (p) => ({ ...p, file: { bytes: IMPOSTORS.zip, name: 'archive.pdf' } }), ['UNSUPPORTED_MEDIA_TYPE']],
  ];
  return fc.tuple(valid, fc.constantFrom(...broken)).map(([{ parts }, [what, change, expect]]) => ({
    parts: change(parts),
    mutation: { what: `multipart: ${what}`, expect },
  }));
}

function validPlan(op: Operation, sa: SchemaArbitraries, ownIdsOnly = false): fc.Arbitrary<Plan> {
  const pathMembers: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.pathParameters) {
    pathMembers[p.name] =
      p.name === 'id'
        ? idArbitrary(idKind(op), ownIdsOnly)
        : p.name === 'code'
          ? fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...categoryCodes) },
              { weight: ownIdsOnly ? 0 : 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
            )
          : sa.valid(p.schema, p.name);
  }
  const body: fc.Arbitrary<unknown> = !op.body
    ? fc.constant(undefined)
    : isUpload(op)
      ? uploadArbitrary(op, false).map((u) => u.parts)
      : sa.valid(op.body.schema);
  return fc
    .record({ path: fc.record(pathMembers), query: queryArbitrary(op, sa), body })
    .map((p) => (p.body === undefined ? { path: p.path, query: p.query } : p) as Plan);
}

const BAD_IDS = [
  'not-a-uuid',
  '12345',
  "1' OR '1'='1",
  '00000000-0000-0000-0000-00000000000g',
  `${UUID_STAND}0`,
  UUID_STAND.replace(/-/g, ''),
  'x'.repeat(300),
  '\u{1F50B}',
  '-1',
  'null',
  '__proto__',
  '{id}',
  ' ',
];

function queryMutations(op: Operation): fc.Arbitrary<{ query: [string, string][]; what: string }>[] {
  const out: fc.Arbitrary<{ query: [string, string][]; what: string }>[] = [];
  for (const p of op.queryParameters) {
    const s = p.schema;
    const bad: string[] = [];
    if (s.type === 'integer' || s.type === 'number') {
      bad.push('abc', '1.5x');
      if (s.type === 'integer') bad.push('1.5');
      if (typeof s.minimum === 'number') bad.push(String(s.minimum - 1));
      if (typeof s.maximum === 'number') bad.push(String(s.maximum + 1));
    }
    if (Array.isArray(s.enum)) bad.push('not-an-option');
    if (typeof s.pattern === 'string') bad.push('zz!');
    if (s.format === 'date-time') bad.push('yesterday', '2026-13-45T25:61:00Z');
    if (typeof s.maxLength === 'number') bad.push('q'.repeat(s.maxLength + 1));
    for (const value of bad)
      out.push(
        fc.constant({ query: [[p.name, value]] as [string, string][], what: `query ${p.name}=${value.slice(0, 24)}` }),
      );
    out.push(
      fc.constant({
        query: [
          [p.name, '1'],
          [p.name, '2'],
        ] as [string, string][],
        what: `query ${p.name} given twice`,
      }),
    );
  }
  return out;
}

function headerMutations(op: Operation): [HeaderMutation, string[] | undefined][] {
  if (op.scope === null) return [];
  if (op.surface === 'bms') {
    return [
      ['no-bms-secret', ['MISSING_SECRET']],
      ['unknown-bms-secret', ['BAD_SECRET']],
      ['bms-no-signature', ['BAD_SIGNATURE']],
      ['bms-malformed-signature', ['BAD_SIGNATURE']],
      ['bms-stale-signature', ['BAD_SIGNATURE']],
      ['bms-future-signature', ['BAD_SIGNATURE']],
      ['bms-other-body-signature', ['BAD_SIGNATURE']],
    ];
  }
  const list: [HeaderMutation, string[] | undefined][] = [
    ['no-authorization', ['UNAUTHENTICATED']],
    ['unknown-key', ['INVALID_API_KEY']],
    ['not-bearer', ['UNAUTHENTICATED', 'INVALID_API_KEY']],
    ['revoked-key', ['INVALID_API_KEY']],
    ['sandbox-without-mode', ['MODE_HEADER_MISMATCH']],
    ['live-with-test-mode', ['MODE_HEADER_MISMATCH']],
  ];
  if (op.scope !== 'any') list.push(['key-without-scope', ['FORBIDDEN_SCOPE']]);
  if (op.signed) {
    list.push(
      ['no-signature', ['INVALID_SIGNATURE']],
      ['malformed-signature', ['INVALID_SIGNATURE']],
      ['wrong-secret', ['INVALID_SIGNATURE']],
      ['stale-signature', ['INVALID_SIGNATURE']],
      ['future-signature', ['INVALID_SIGNATURE']],
      ['other-body-signature', ['INVALID_SIGNATURE']],
      ['other-method-signature', ['INVALID_SIGNATURE']],
      ['no-idempotency-key', ['IDEMPOTENCY_KEY_REQUIRED']],
      ['long-idempotency-key', ['IDEMPOTENCY_KEY_REQUIRED']],
    );
  }
  if (op.body?.contentType === 'application/json') list.push(['text-plain', ['MALFORMED_BODY']]);
  return list;
}

function invalidPlan(op: Operation, sa: SchemaArbitraries): fc.Arbitrary<Plan> | null {
  const base = validPlan(op, sa, true);
  const choices: fc.Arbitrary<Plan>[] = [];
  if (op.body && !isUpload(op)) {
    const mutated = sa.invalid(op.body.schema);
    const expect = op.surface === 'bms' ? ['BAD_BODY'] : ['VALIDATION_ERROR', 'MALFORMED_BODY'];
    if (mutated)
      choices.push(
        fc.tuple(base, mutated).map(([p, m]) => ({
          ...p,
          body: m.value,
          mutation: { what: m.mutation, ...(m.lenientKey ? { lenientKey: m.lenientKey } : { expect }) },
        })),
      );
  }
  if (isUpload(op))
    choices.push(
      fc.tuple(base, uploadArbitrary(op, true)).map(([p, u]) => ({ ...p, body: u.parts, mutation: u.mutation })),
    );
  const queries = queryMutations(op);
  if (queries.length && op.surface === 'integration') {
    choices.push(
      fc
        .tuple(base, fc.oneof(...queries))
        .map(([p, q]) => ({ ...p, query: q.query, mutation: { what: q.what, expect: ['VALIDATION_ERROR'] } })),
    );
  }
  if (op.pathParameters.some((p) => p.name === 'id')) {
    // The body is the documented example, so the id is the one thing wrong (a body is judged before the id).
    const example = op.body && !isUpload(op) ? op.body.example : undefined;
    const expect =
      op.surface === 'bms'
        ? ['NOT_FOUND']
        : op.body && !isUpload(op) && example === undefined
          ? ['INVALID_ID', 'VALIDATION_ERROR']
          : ['INVALID_ID'];
    choices.push(
      fc.tuple(base, fc.constantFrom(...BAD_IDS)).map(([p, id]) => ({
        ...p,
        ...(example === undefined ? {} : { body: example }),
        path: { ...p.path, id },
        mutation: { what: `path id ${JSON.stringify(id.slice(0, 24))}`, expect },
      })),
    );
  }
  const headers = headerMutations(op);
  if (headers.length) {
    choices.push(
      fc.tuple(base, fc.constantFrom(...headers)).map(([p, [header, expect]]) => ({
        ...p,
        mutation: { what: `header: ${header}`, header, ...(expect ? { expect } : {}) },
      })),
    );
  }
  return choices.length ? fc.oneof(...choices) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The verdict on one answer

const STACK = /\n\s+at [^\n]+:\d+:\d+|(?:webpack-internal|node_modules\/|\.next\/server\/|\/work\/)/;
const SQL =
  /\bSELECT\b[^\n]{0,200}\bFROM\b|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE\s+"\w+"|syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|invalid byte sequence for encoding|unsupported Unicode escape sequence|stack depth limit exceeded|PrismaClient|Invalid `prisma|\bP20\d\d\b|\bSQLSTATE\b|relation "\w+" does not exist/;

const ERROR_ENVELOPE_KEYS = ['code', 'message', 'requestId'];

/** Codes the contract's table gives a whole surface, whatever an operation lists: the rate limit. */
const GLOBAL_CODES: Record<Operation['surface'], Record<string, number>> = {
  integration: { RATE_LIMITED: 429 },
  bms: { RATE_LIMITED: 429 },
};

interface Sent {
  kind: Kind;
  op: Operation;
  request: RawRequest;
  mutation?: Mutation;
  httpLayerMayRefuse?: boolean;
  label: string;
}

function describeRequest(sent: Sent, response: RawResponse): string {
  const body = sent.request.body ? Buffer.from(sent.request.body.subarray(0, 300)).toString('latin1') : '';
  return `${sent.kind} ${operationName(sent.op)} [${sent.label}]\n    ${sent.request.method} ${sent.request.target.slice(0, 200)}${body ? `\n    body: ${body}${(sent.request.body?.byteLength ?? 0) > 300 ? '…' : ''}` : ''}\n    → ${response.status} ${response.body.subarray(0, 400).toString('utf8')}`;
}

/** The error code of an answer in its surface's envelope, if it has one. */
function errorCodeOf(op: Operation, response: RawResponse): unknown {
  if (response.status < 400) return undefined;
  try {
    const parsed = JSON.parse(response.body.toString('utf8'));
    return op.surface === 'integration' ? parsed?.error?.code : parsed?.code;
  } catch {
    return undefined;
  }
}

function judge(sent: Sent, response: RawResponse): string[] {
  const { op } = sent;
  const problems: string[] = [];
  const sentText = `${sent.request.target}\n${sent.request.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n${sent.request.body ? Buffer.from(sent.request.body).toString('utf8') : ''}`;
  // Node does not drain a body nobody reads: closing the socket over it resets the connection, which can cut the
  // answer short or lose it. Only a read sent with a body may meet that; anything else must arrive whole.
  const readWithBody = sent.request.method === 'GET' && sent.request.body !== undefined;
  if (readWithBody && (response.noAnswer || !response.complete)) {
    stats.cutByReset++;
    if (response.status < 500) return [];
    stats.fiveXX++;
    return [`answered ${response.status}`];
  }
  if (response.noAnswer) return ['the connection closed without an answer'];
  if (response.status >= 500) {
    stats.fiveXX++;
    problems.push(`answered ${response.status}`);
  }
  const requestIdHeader = op.surface === 'bms' ? 'x-request-id' : 'x-service-request-id';
  const byParser =
    !response.headers[requestIdHeader] && response.body.length === 0 && [400, 413, 414, 431].includes(response.status);
  if (byParser) {
    stats.refusedByHttpLayer++;
    return sent.httpLayerMayRefuse
      ? problems
      : [
          ...problems,
          `refused by the HTTP layer (${response.status}, no body) though the application should answer it`,
        ];
  }
  if (!response.headers[requestIdHeader]) problems.push(`no ${requestIdHeader} header`);
  if (!response.complete) problems.push('the answer was cut short');
  const code = errorCodeOf(op, response);
  const global = typeof code === 'string' && GLOBAL_CODES[op.surface][code] === response.status;
  const documented = op.responses.get(response.status);
  if (!documented && !global) {
    stats.undocumented++;
    problems.push(`status ${response.status} is not documented for this operation`);
  }
  const text = response.body.toString('utf8');
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (response.status >= 400) {
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`error body is not JSON (${contentType})`);
    }
    if (parsed !== undefined) {
      if (op.surface === 'integration') {
        const error = parsed?.error;
        const shaped =
          error && typeof error === 'object' && ERROR_ENVELOPE_KEYS.every((k) => typeof error[k] === 'string');
        if (!shaped) problems.push('error body is not { error: { code, message, requestId } }');
        else if (error.requestId !== response.headers[requestIdHeader])
          problems.push('error.requestId differs from X-Service-Request-Id');
      } else if (typeof parsed?.code !== 'string' || typeof parsed?.error !== 'string')
        problems.push('error body is not { code, error }');
      if (typeof code === 'string' && documented && !documented.codes.has(code) && !global) {
        stats.undocumented++;
        problems.push(
          `code ${code} is not documented for ${response.status} of this operation (documented: ${[...documented.codes].join(', ')})`,
        );
      }
      if (
        typeof code === 'string' &&
        sent.mutation?.expect &&
        !sent.mutation.expect.includes(code) &&
        response.status !== 429
      ) {
        problems.push(
          `answered ${code}; for "${sent.mutation.what}" the contract gives ${sent.mutation.expect.join(' or ')}`,
        );
      }
    }
  } else {
    stats.succeeded++;
    if (sent.kind === 'invalid') {
      if (!sent.mutation?.lenientKey) {
        stats.acceptedInvalid++;
        problems.push(`accepted an invalid request (${sent.mutation?.what})`);
      } else {
        const rejected = (JSON.parse(text) as { rejectedKeys?: string[] }).rejectedKeys ?? [];
        if (!rejected.includes(sent.mutation.lenientKey))
          problems.push(`dropped member ${sent.mutation.lenientKey} is not listed in rejectedKeys`);
      }
    }
    if (contentType.includes('json')) {
      try {
        JSON.parse(text);
      } catch {
        problems.push('success body is not JSON though its type says so');
      }
    }
    if (
      documented &&
      documented.media.length > 0 &&
      response.status !== 204 &&
      !documented.media.includes(contentType)
    ) {
      problems.push(`success content type ${contentType} is not documented (${documented.media.join(', ')})`);
    }
  }
  const leaks: string[] = [];
  const stack = STACK.exec(text);
  if (stack && !sentText.includes(stack[0])) leaks.push(`a stack trace (${JSON.stringify(stack[0].slice(0, 60))})`);
  const sql = SQL.exec(text);
  if (sql && !sentText.includes(sql[0])) leaks.push(`SQL or database text (${JSON.stringify(sql[0].slice(0, 60))})`);
  for (const id of victim.ids)
    if (text.includes(id) && !sentText.includes(id)) leaks.push(`the other tenant's id ${id}`);
  if (text.includes(POLLUTION_MARKER) && !sentText.includes(POLLUTION_MARKER))
    leaks.push('the prototype-pollution marker of an earlier request');
  if (leaks.length) stats.leaks++;
  return [...problems, ...leaks.map((l) => `the answer contains ${l}`)];
}

/** Keeps the pools current: ids the service created, and the keys:admin key alive after a bulk revocation. */
async function learn(sent: Sent, response: RawResponse): Promise<void> {
  if (response.status < 200 || response.status >= 300) return;
  const { op } = sent;
  let body: any;
  try {
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    return;
  }
  if (op.method === 'POST' && typeof body?.id === 'string') {
    const kind =
      op.template === '/api/v1/products'
        ? 'product'
        : op.template.endsWith('/documents')
          ? 'document'
          : op.template === '/api/v1/erp-mappings'
            ? 'erp-mapping'
            : op.template === '/api/v1/webhook-endpoints'
              ? 'webhook-endpoint'
              : op.template === '/api/v1/keys' || op.template.endsWith('/rotate')
                ? 'key'
                : op.template.endsWith('/handover')
                  ? 'handover'
                  : undefined;
    if (kind) poolOf(own.pools, kind).push(body.id);
  }
  if (op.scope === 'keys:admin' && op.method !== 'GET') {
    const admin = await db.apiKey.findUnique({ where: { id: own.admin.id }, select: { revokedAt: true } });
    if (admin?.revokedAt) {
      const k = await mintTestKey(db, own.adminCompanyId, { scopes: ['keys:admin'] });
      own.admin = { id: k.id, key: k.key, signingSecret: k.signingSecret };
    }
  }
}

async function send(sent: Sent): Promise<string[]> {
  stats.tried[sent.kind]++;
  stats.covered.add(operationName(sent.op));
  const response = await rawRequest(service.port, sent.request);
  const problems = judge(sent, response);
  await learn(sent, response);
  return problems.length ? [`${problems.join('; ')}\n    ${describeRequest(sent, response)}`] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// The properties

/** Runs `work` over the lanes, LANES at a time. */
async function inLanes<T>(lanes: T[][], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < lanes.length) {
        const lane = lanes[next++]!;
        for (const item of lane) await work(item);
      }
    }),
  );
}

/** One lane per operation, except the keys:admin operations: they revoke keys, so they run one after another. */
function lanes(): Operation[][] {
  const keys = operations.filter((op) => op.scope === 'keys:admin');
  return [keys, ...operations.filter((op) => op.scope !== 'keys:admin').map((op) => [op])].filter(
    (lane) => lane.length > 0,
  );
}

async function fuzz(kind: 'valid' | 'invalid'): Promise<string[]> {
  const failures: string[] = [];
  const arbitraries = { integration: schemaArbitraries(documents.integration), bms: schemaArbitraries(documents.bms) };
  await inLanes(lanes(), async (op) => {
    const index = operations.indexOf(op);
    const sa = arbitraries[op.surface];
    const plans = kind === 'valid' ? validPlan(op, sa) : invalidPlan(op, sa);
    if (!plans) return;
    try {
      await fc.assert(
        fc.asyncProperty(plans, async (plan) => {
          const problems = await send({
            kind,
            op,
            request: concrete(op, plan),
            mutation: plan.mutation,
            label: plan.mutation?.what ?? 'generated',
          });
          if (problems.length) throw new Error(problems.join('\n'));
        }),
        { seed: SEED + index, numRuns: RUNS[kind], includeErrorInReport: true },
      );
    } catch (error) {
      failures.push(
        `${operationName(op)} (${kind}; replay with FUZZ_SEED=${SEED}, this operation's seed is ${SEED + index}):\n${(error as Error).message.slice(0, 4000)}`,
      );
    }
  });
  return failures;
}

async function victimUnchanged(): Promise<string[]> {
  const after = await tenantDigest(db, victim.companyId, documentsDir);
  return changedRows(victim.before, after);
}

async function healthy(): Promise<number> {
  return (await fetch(`${service.baseUrl}/api/health`)).status;
}

test('the two served documents are read: every path and method of both, the BMS update among them', () => {
  const names = new Set(operations.map(operationName));
  const listed = (document: JsonSchema) =>
    Object.values<JsonSchema>(document.paths).reduce(
      (n, item) => n + Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).length,
      0,
    );
  expect(operations.length).toBe(listed(documents.integration) + listed(documents.bms));
  expect(names.size).toBe(operations.length);
  expect(names.has('POST /api/v1/products/{id}/bms-update')).toBe(true);
  expect(names.has('GET /api/v1/bms/openapi.json')).toBe(true);
});

test(
  'valid generated requests to every operation get a documented answer in the envelope, never a 5xx, and leave the other tenant alone',
  async () => {
    const failures = await fuzz('valid');
    for (const op of operations)
      expect(stats.covered.has(operationName(op)), `${operationName(op)} was never requested`).toBe(true);
    expect(failures).toEqual([]);
    expect(await victimUnchanged()).toEqual([]);
    expect(await healthy()).toBe(200);
  },
  TEST_TIMEOUT_MS,
);

test(
  'requests with one thing broken (type, member, range, id, signature, header) are refused with the documented 4xx code',
  async () => {
    const failures = await fuzz('invalid');
    expect(failures).toEqual([]);
    expect(await victimUnchanged()).toEqual([]);
    expect(await healthy()).toBe(200);
  },
  TEST_TIMEOUT_MS,
);

/**
 * The hand-written cases of one operation, signed now; in the quick mode a seeded selection (always the huge and
 * deep bodies and the malformed paths).
 */
function nastyFor(op: Operation): NastyCase[] {
  {
    const sa = schemaArbitraries(documents[op.surface]);
    const plan = fc.sample(validPlan(op, sa, true), { seed: SEED, numRuns: 1 })[0]!;
    const sampleBody = op.body?.contentType === 'application/json' ? (op.body.example ?? plan.body) : undefined;
    const target = targetOf(op, plan);
    const parameter = op.pathParameters.find((p) => p.name === 'id' || p.name === 'code');
    const placeholder = '\u0000SEGMENT\u0000';
    const request = (o: RequestOptions): RawRequest => {
      const t = o.target ?? target;
      const upload = op.body?.contentType === 'multipart/form-data';
      const contentType =
        o.contentType === undefined
          ? o.body
            ? upload
              ? 'multipart/form-data; boundary=fuzzboundary7MA4YWxk'
              : 'application/json'
            : undefined
          : o.contentType;
      return {
        method: op.method,
        target: t,
        headers: authenticate(op, t, o.body, contentType, undefined, o.override, o.headers),
        ...(o.body ? { body: o.body } : {}),
        ...(o.chunked ? { chunked: true } : {}),
      };
    };
    let cases = nastyCases({
      op,
      sampleBody,
      target,
      request,
      ...(parameter
        ? {
            targetWith: (segment: string) =>
              targetOf(op, { ...plan, path: { ...plan.path, [parameter.name]: placeholder } }).replace(
                encodeURIComponent(placeholder),
                segment,
              ),
          }
        : {}),
    });
    if (cases.length > NASTY_PER_OPERATION) {
      const always = cases.filter((c) => c.malformedPath || /10 MB|levels of/.test(c.name));
      const rest = cases.filter((c) => !always.includes(c));
      const size = Math.max(0, NASTY_PER_OPERATION - always.length);
      const [chosen] = fc.sample(fc.shuffledSubarray(rest, { minLength: size, maxLength: size }), {
        seed: SEED + operations.indexOf(op),
        numRuns: 1,
      });
      cases = [...always, ...chosen!];
    }
    return cases;
  }
}

async function runNasty(which: (c: NastyCase) => boolean): Promise<string[]> {
  const failures: string[] = [];
  await inLanes(
    operations.map((op) => [op]),
    async (op) => {
      for (const c of nastyFor(op).filter(which)) {
        failures.push(
          ...(await send({
            kind: 'nasty',
            op,
            request: c.request,
            httpLayerMayRefuse: c.httpLayerMayRefuse,
            label: c.name,
          })),
        );
      }
    },
  );
  return failures;
}

test(
  'nasty requests (huge, deep, malformed bytes, NUL, edge numbers, pollution keys, long headers and URLs) never get a 5xx',
  async () => {
    const failures = await runNasty((c) => !c.malformedPath);
    expect(failures).toEqual([]);
    expect(await victimUnchanged()).toEqual([]);
    expect(await healthy()).toBe(200);
  },
  TEST_TIMEOUT_MS,
);

test(
  'a path parameter whose percent escapes are not UTF-8 is answered 4xx in the envelope of its surface, never 500',
  async () => {
    const failures = await runNasty((c) => c.malformedPath === true);
    expect(failures).toEqual([]);
    expect(await healthy()).toBe(200);
  },
  TEST_TIMEOUT_MS,
);
