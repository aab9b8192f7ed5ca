import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Company, Product } from '../../db/generated/client';
import type { DomainContext } from '../../domain/context';
import { AUDIT_CSV_HEADER, auditCsvStream } from './csv';
import { type AuditFilters, parseAuditFilters } from './filters';
import { auditFacets, listAuditEntries, operatorEmails } from './query';

const ctxOf = (companyId: string, role = 'REVIEWER'): DomainContext => ({
  companyId,
  actor: { role, id: null, channel: 'Portal' },
});
const filters = (params: Record<string, string>): AuditFilters => {
  const parsed = parseAuditFilters(params);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.filters;
};

interface Row {
  eventType: string;
  actorRole?: string;
  actorId?: string;
  eventChannel?: string;
  at: string;
  product?: Product;
  context?: object;
}
const audit = (company: Company, r: Row) =>
  prisma.auditLog.create({
    data: {
      companyId: company.id,
      productId: r.product?.id ?? null,
      eventType: r.eventType,
      actorRole: r.actorRole ?? 'ADMIN',
      actorId: r.actorId ?? 'someone',
      eventChannel: r.eventChannel ?? 'Portal',
      eventContext: r.context ?? {},
      createdAt: new Date(r.at),
    },
  });

let a: Company;
let b: Company;
let cell: Product;
let pack: Product;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  a = await createTestCompany(prisma);
  b = await createTestCompany(prisma);
  cell = await createTestProduct(prisma, {
    companyId: a.id,
    name: `=HYPERLINK("http://evil.example") Cell ${tag}`,
    slug: `cell-${tag}`,
  });
  pack = await createTestProduct(prisma, { companyId: a.id, name: `Pack ${tag}`, slug: `pack-${tag}` });
  const foreign = await createTestProduct(prisma, { companyId: b.id, name: `Pack ${tag} foreign` });
  await audit(a, {
    eventType: 'Submit',
    actorRole: 'Integration',
    actorId: 'key-1',
    eventChannel: 'API',
    at: '2026-03-01T00:00:00.000Z',
    product: cell,
  });
  await audit(a, {
    eventType: 'Approve',
    actorRole: 'REVIEWER',
    actorId: 'rev-1',
    at: '2026-03-01T23:59:59.999Z',
    product: cell,
    context: { note: '-1,"quoted"' },
  });
  await audit(a, {
    eventType: 'Approve',
    actorRole: 'REVIEWER',
    actorId: 'rev-2',
    at: '2026-03-02T00:00:00.000Z',
    product: pack,
  });
  await audit(a, {
    eventType: 'Update',
    actorRole: 'System',
    actorId: 'bms-secret',
    eventChannel: 'API',
    at: '2026-03-03T12:00:00.000Z',
    product: pack,
    context: { source: 'bms-webhook' },
  });
  await audit(a, {
    eventType: 'ApiKeyMinted',
    actorRole: 'System',
    actorId: 'cli',
    eventChannel: 'System',
    at: '2026-03-04T08:00:00.000Z',
  });
  await audit(b, {
    eventType: 'Approve',
    actorRole: 'REVIEWER',
    actorId: 'rev-1',
    at: '2026-03-01T12:00:00.000Z',
    product: foreign,
  });
  await audit(b, { eventType: 'ForeignOnly', at: '2026-03-01T12:00:00.000Z' });
});
afterAll(() => disconnectPrisma());

const events = async (params: Record<string, string>, companyId = a.id) =>
  (await listAuditEntries({ ctx: ctxOf(companyId), filters: filters(params) })).entries.map(
    (e) => `${e.eventType}@${e.createdAt.toISOString().slice(0, 10)}`,
  );

describe('listAuditEntries', () => {
  it("lists only the tenant's rows, newest first, with the product's name and slug", async () => {
    const { entries } = await listAuditEntries({ ctx: ctxOf(a.id), filters: {} });
    expect(entries.map((e) => e.eventType)).toEqual(['ApiKeyMinted', 'Update', 'Approve', 'Approve', 'Submit']);
    expect(entries[2].product).toEqual({ name: pack.name, slug: pack.slug });
    expect(entries[0].product).toBeNull();
  });

  it('filters by event type, channel, actor role and actor id', async () => {
    expect(await events({ event: 'Approve' })).toEqual(['Approve@2026-03-02', 'Approve@2026-03-01']);
    expect(await events({ channel: 'API' })).toEqual(['Update@2026-03-03', 'Submit@2026-03-01']);
    expect(await events({ role: 'System', channel: 'System' })).toEqual(['ApiKeyMinted@2026-03-04']);
    expect(await events({ actor: 'rev-1' })).toEqual(['Approve@2026-03-01']);
    expect(await events({ event: 'ForeignOnly' })).toEqual([]);
  });

  it("filters by product id, slug (any case) or part of the name, never reaching another tenant's product", async () => {
    expect(await events({ product: pack.id })).toEqual(['Update@2026-03-03', 'Approve@2026-03-02']);
    expect(await events({ product: cell.slug.toUpperCase() })).toEqual(['Approve@2026-03-01', 'Submit@2026-03-01']);
    expect(await events({ product: `pack ${tag}` })).toEqual(['Update@2026-03-03', 'Approve@2026-03-02']);
    expect(await events({ product: `Pack ${tag} foreign` })).toEqual([]);
  });

  it('takes dates as whole UTC days with both ends included', async () => {
    expect(await events({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['Approve@2026-03-01', 'Submit@2026-03-01']);
    expect(await events({ from: '2026-03-02' })).toEqual([
      'ApiKeyMinted@2026-03-04',
      'Update@2026-03-03',
      'Approve@2026-03-02',
    ]);
    expect(await events({ to: '2026-03-02' })).toEqual([
      'Approve@2026-03-02',
      'Approve@2026-03-01',
      'Submit@2026-03-01',
    ]);
  });

  it('pages by keyset without gaps or repeats, and refuses a cursor it never handed out', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listAuditEntries({ ctx: ctxOf(a.id), filters: {}, cursor, limit: 2 });
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const all = (await listAuditEntries({ ctx: ctxOf(a.id), filters: {} })).entries.map((e) => e.id);
    expect(seen).toEqual(all);
    await expect(listAuditEntries({ ctx: ctxOf(a.id), filters: {}, cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('is refused to an Integration key', async () => {
    await expect(listAuditEntries({ ctx: ctxOf(a.id, 'Integration'), filters: {} })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('auditFacets and operatorEmails', () => {
  it("offer the tenant's own event types and actor roles only", async () => {
    expect(await auditFacets({ ctx: ctxOf(a.id) })).toEqual({
      eventTypes: ['ApiKeyMinted', 'Approve', 'Submit', 'Update'],
      actorRoles: ['Integration', 'REVIEWER', 'System'],
    });
  });

  it("name the tenant's operators by email and nobody else's", async () => {
    const mine = await prisma.user.create({
      data: { companyId: a.id, email: `mine-${tag}@example.com`, passwordHash: 'x', role: 'ADMIN' },
    });
    const theirs = await prisma.user.create({
      data: { companyId: b.id, email: `theirs-${tag}@example.com`, passwordHash: 'x', role: 'ADMIN' },
    });
    const emails = await operatorEmails({ ctx: ctxOf(a.id), ids: [mine.id, theirs.id, 'cli', null] });
    expect([...emails]).toEqual([[mine.id, mine.email]]);
  });
});

async function csvOf(params: Record<string, string>, companyId = a.id): Promise<string> {
  return new Response(auditCsvStream({ ctx: ctxOf(companyId), filters: filters(params) })).text();
}

describe('auditCsvStream', () => {
  it('starts with the header and holds exactly the filtered rows of the tenant, newest first', async () => {
    const lines = (await csvOf({ event: 'Approve' })).split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    expect(lines[1]).toMatch(/^2026-03-02T00:00:00\.000Z,Approve,REVIEWER,rev-2,Portal,/);
    expect(lines[3]).toBe('');
    expect(await csvOf({ event: 'ForeignOnly' })).toBe(`${AUDIT_CSV_HEADER.join(',')}\r\n`);
  });

  it('quotes the JSON context and defuses a product name that would run as a formula', async () => {
    const text = await csvOf({ actor: 'rev-1' });
    const row = text.split('\r\n')[1];
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"") Cell ${tag}",`);
    expect(row).toContain(',"{""note"":""-1,\\""quoted\\""""}",');
  });

  it('streams every matching row across many batches', async () => {
    const c = await createTestCompany(prisma);
    await prisma.auditLog.createMany({
      data: Array.from({ length: 1201 }, (_, i) => ({
        companyId: c.id,
        eventType: 'Bulk',
        actorRole: 'System',
        actorId: 'seed',
        eventChannel: 'System',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i % 7)),
      })),
    });
    const lines = (await csvOf({}, c.id)).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1202);
    expect(new Set(lines.map((l) => l.split(',').at(-1))).size).toBe(1202);
  });

  it('is refused to an Integration key before anything is streamed', () => {
    expect(() => auditCsvStream({ ctx: ctxOf(a.id, 'Integration'), filters: {} })).toThrow(
      /cannot export the audit trail/,
    );
  });
});
