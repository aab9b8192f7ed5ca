import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PassportSeeder } from '../../bench/seed';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../testing/factories';
import { ceaseCompany } from '../continuity/cease-company';
import { resumeCompany } from '../continuity/resume-company';
import { disconnectPrisma, prisma } from '../db/client';
import { systemActor } from '../domain/context';
import type { ServiceError } from '../errors';
import { deprecateProduct, reinstateProduct, withdrawProduct } from '../passport/lifecycle';
import { httpRegistryClient, type RegistryClient } from './client';
import { type LocalRegistry, startLocalRegistry } from './local-registry';
import { runRegistryPass } from './pass';
import { FAILED_AFTER_ATTEMPTS } from './schedule';
import { registrationStatus } from './status';

const TOKEN = 'registry-test-token';
const ctxOf = (companyId: string) => ({ companyId, actor: systemActor('test') });

let registry: LocalRegistry;
let client: RegistryClient;
const opened: LocalRegistry[] = [];

beforeAll(async () => {
  registry = await startLocalRegistry({ token: TOKEN });
  client = httpRegistryClient({ url: registry.url, token: TOKEN, timeoutMs: 5_000 });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await registry.close();
  await disconnectPrisma();
});

/** Passes until nothing is due at `now` (each pass advances the clock an hour, past every retry delay). */
async function drain(registryClient: RegistryClient, companyId: string, maxPasses = 50) {
  let now = new Date();
  for (let i = 0; i < maxPasses; i++) {
    await runRegistryPass({ client: registryClient, now, batch: 200, concurrency: 8, companyId });
    const due = await prisma.passportRegistration.count({
      where: {
        nextAttemptAt: { not: null },
        product: { companyId },
        sentSeq: { lt: prisma.passportRegistration.fields.wantedSeq },
      },
    });
    if (due === 0) return i + 1;
    now = new Date(now.getTime() + 3_600_000);
  }
  throw new Error('registrations still due after every pass');
}

const statusOf = (companyId: string, productId: string) =>
  registrationStatus({ ctx: ctxOf(companyId), input: { productId } });

const storedRecord = (registrationId: string | null) => registry.registrations.get(registrationId ?? '')?.record;

/** The registrations a registry holds for the passports at `slugs` (the tests share one registry). */
function registrationsOf(target: LocalRegistry, slugs: readonly string[]) {
  const wanted = new Set(slugs.map((slug) => `/api/dpp/${slug}`));
  return [...target.registrations.values()].filter((r) => wanted.has(new URL(r.record.passportDataUrl).pathname));
}

describe('EU registry registration', () => {
  it('a publication is registered with the GS1 Digital Link identifier, served address, commodity code, operator and version hash', async () => {
    const company = await createTestCompany(prisma, { registrationNumber: 'DE-REG-1' });
    const p = await createPublishedPassport(prisma, {
      companyId: company.id,
      gtin: '04012345000016',
      serialNumber: 'REG-1',
    });
    expect((await statusOf(company.id, p.id)).status).toBe('pending');
    await drain(client, company.id);
    const status = await statusOf(company.id, p.id);
    expect(status).toMatchObject({ status: 'registered', registeredVersion: 1, currentVersion: 1, attempts: 0 });
    expect(status.lastError).toBeNull();
    expect(status.nextAttemptAt).toBeNull();
    const version = await prisma.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: p.id, version: 1 } },
    });
    expect(storedRecord(status.registrationId)).toMatchObject({
      uniqueProductIdentifier: 'https://id.gs1.org/01/04012345000016/21/REG-1',
      passportUrl: expect.stringMatching(/\/01\/04012345000016\/21\/REG-1$/),
      passportDataUrl: expect.stringMatching(new RegExp(`/api/dpp/${p.slug}$`)),
      commodityCode: expect.stringMatching(/^8507\d{4}$/),
      economicOperatorIdentifier: expect.any(String),
      passportStatus: 'active',
      passportVersion: 1,
      passportVersionSha256: version.sha256,
    });
  });

  it('withdrawal, deprecation and reinstatement update the one registration; none registers twice', async () => {
    const company = await createTestCompany(prisma);
    const a = await createPublishedPassport(prisma, { companyId: company.id });
    const b = await createPublishedPassport(prisma, { companyId: company.id });
    await drain(client, company.id);
    const idA = (await statusOf(company.id, a.id)).registrationId;
    const idB = (await statusOf(company.id, b.id)).registrationId;

    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: a.id, reason: 'Recall' } });
    await deprecateProduct({ ctx: ctxOf(company.id), input: { productId: b.id } });
    expect((await statusOf(company.id, a.id)).status).toBe('pending');
    await drain(client, company.id);
    expect(storedRecord(idA)?.passportStatus).toBe('withdrawn');
    expect(storedRecord(idB)?.passportStatus).toBe('deprecated');

    await reinstateProduct({ ctx: ctxOf(company.id), input: { productId: b.id } });
    await drain(client, company.id);
    expect(storedRecord(idB)?.passportStatus).toBe('active');
    expect(await statusOf(company.id, b.id)).toMatchObject({ status: 'registered', registrationId: idB });
    const held = registrationsOf(registry, [a.slug, b.slug]);
    expect(held.map((r) => r.registrationId).sort()).toEqual([idA, idB].sort());
    expect(held.every((r) => r.updates >= 1)).toBe(true);
  });

  it('a registry that is down leaves the registration pending with its error, retried with backoff; failed after 5 attempts, announced once, registered when it is back', async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    const down = await startLocalRegistry({ token: TOKEN });
    const downUrl = down.url;
    await down.close();
    const unreachable = httpRegistryClient({ url: downUrl, token: TOKEN, timeoutMs: 2_000 });

    let now = new Date();
    await runRegistryPass({ client: unreachable, now, companyId: company.id });
    const first = await statusOf(company.id, p.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, registrationId: null });
    expect(first.lastError).toMatch(/unreachable/);
    expect(new Date(first.nextAttemptAt!).getTime()).toBeGreaterThan(now.getTime());
    // Not due again before its backoff ends.
    expect(await runRegistryPass({ client: unreachable, now, companyId: company.id })).toMatchObject({ attempted: 0 });

    for (let i = 1; i < FAILED_AFTER_ATTEMPTS; i++) {
      now = new Date(now.getTime() + 3_600_000);
      await runRegistryPass({ client: unreachable, now, companyId: company.id });
    }
    expect(await statusOf(company.id, p.id)).toMatchObject({ status: 'failed', attempts: FAILED_AFTER_ATTEMPTS });
    now = new Date(now.getTime() + 3_600_000);
    await runRegistryPass({ client: unreachable, now, companyId: company.id });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: company.id, type: 'registry.failed' } });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ productId: p.id, slug: p.slug, attempts: FAILED_AFTER_ATTEMPTS });

    now = new Date(now.getTime() + 3_600_000);
    await runRegistryPass({ client, now, companyId: company.id });
    expect(await statusOf(company.id, p.id)).toMatchObject({ status: 'registered', attempts: 0, lastError: null });
  });

  it('a record the registry refuses is failed at once with its message and waits for the next change', async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    const wrongCredential = httpRegistryClient({ url: registry.url, token: 'not-the-token' });
    const now = new Date();
    await runRegistryPass({ client: wrongCredential, now, companyId: company.id });
    const refused = await statusOf(company.id, p.id);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(refused.lastError).toBe('the registry answered 401: missing or wrong credential');
    expect(
      await runRegistryPass({ client, now: new Date(now.getTime() + 86_400_000), companyId: company.id }),
    ).toMatchObject({
      attempted: 0,
    });
    // The next change makes it due again.
    await deprecateProduct({ ctx: ctxOf(company.id), input: { productId: p.id } });
    await drain(client, company.id);
    expect((await statusOf(company.id, p.id)).status).toBe('registered');
  });

  it("a ceased company's registrations are updated with each passport's back-up address, and lose it on resumption", async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, {
      companyId: company.id,
      gtin: '04012345000023',
      serialNumber: 'C-1',
    });
    await drain(client, company.id);
    const { registrationId } = await statusOf(company.id, p.id);
    expect(storedRecord(registrationId)).not.toHaveProperty('backupPassportUrl');
    await ceaseCompany({ ctx: ctxOf(company.id), input: { backupUrl: 'https://keeper.example/volt' } });
    expect((await statusOf(company.id, p.id)).status).toBe('pending');
    await drain(client, company.id);
    expect(storedRecord(registrationId)?.backupPassportUrl).toBe(
      'https://keeper.example/volt/01/04012345000023/21/C-1',
    );
    await resumeCompany({ ctx: ctxOf(company.id) });
    await drain(client, company.id);
    expect(storedRecord(registrationId)).not.toHaveProperty('backupPassportUrl');
    expect((await statusOf(company.id, p.id)).registrationId).toBe(registrationId);
  });

  it('a test-mode passport and a draft are not registered; another company reads 404', async () => {
    const company = await createTestCompany(prisma);
    const sandbox = await createPublishedPassport(prisma, { companyId: company.id, mode: 'test' });
    const draft = await createTestProduct(prisma, { companyId: company.id });
    expect((await statusOf(company.id, sandbox.id)).status).toBe('not_registered');
    expect(await statusOf(company.id, draft.id)).toMatchObject({ status: 'not_registered', currentVersion: 0 });
    const other = await createTestCompany(prisma);
    await expect(statusOf(other.id, draft.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    } satisfies Partial<ServiceError>);
    await expect(statusOf(company.id, 'not-a-uuid')).rejects.toMatchObject({ code: 'INVALID_ID' });
  });

  it('1,000 publications against a registry failing 10 % of its answers: all registered in the end, none twice', async () => {
    const flaky = await startLocalRegistry({ token: TOKEN, failureRate: 0.1 });
    opened.push(flaky);
    const seeder = await PassportSeeder.create(prisma, process.env.DATABASE_URL!);
    try {
      await seeder.growTo(1_000);
    } finally {
      await seeder.close();
    }
    // The seeder clones publications row by row (as the bench does): each clone's registration is marked as the
    // publication verb marks it.
    await prisma.$executeRaw`
      INSERT INTO "PassportRegistration" ("productId", "updatedAt")
      SELECT "id", now() FROM "Product" WHERE "companyId" = ${seeder.companyId}::uuid
      ON CONFLICT ("productId") DO NOTHING`;
    await drain(httpRegistryClient({ url: flaky.url, token: TOKEN }), seeder.companyId);
    expect(flaky.failuresInjected()).toBeGreaterThan(0);
    const rows = await prisma.passportRegistration.findMany({ where: { product: { companyId: seeder.companyId } } });
    expect(rows).toHaveLength(1_000);
    expect(rows.every((r) => r.status === 'REGISTERED' && r.registrationId && r.registeredVersion === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.registrationId)).size).toBe(1_000);
    const held = registrationsOf(
      flaky,
      seeder.passports.map((p) => p.slug),
    );
    expect(held).toHaveLength(1_000);
    expect(new Set(held.map((r) => r.registrationId))).toEqual(new Set(rows.map((r) => r.registrationId)));
  }, 300_000);
});
