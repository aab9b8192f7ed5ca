// The EU registry registration through the running service: the server's registry worker registers a publication
// with the registry the server runs in-process (playwright.config.ts: DPP_REGISTRY_URL=local) and keeps it current
// through a withdrawal; GET /api/v1/products/{id}/registry reports each step.
import type { Registration } from '../lib/client/products';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

/** Polls the registration until `done` holds (the worker passes every 2 s; a busy machine takes longer). */
async function registrationUntil(
  read: () => Promise<Registration>,
  done: (r: Registration) => boolean,
): Promise<Registration> {
  let last: Registration | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return done(last);
      },
      { timeout: 45_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  return last!;
}

test.describe('EU registry registration', () => {
  test('a publication is registered within seconds, and its withdrawal updates the same registration', async () => {
    const { company, client } = await newTenant();
    const passport = await createPublishedPassport(db(), { companyId: company.id });
    const registered = await registrationUntil(
      () => client.registration(passport.id),
      (r) => r.status === 'registered',
    );
    expect(registered).toMatchObject({
      registeredVersion: 1,
      currentVersion: 1,
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(registered.registrationId).toEqual(expect.any(String));

    await client.withdrawProduct(passport.id, { reason: 'Recall' });
    const updated = await registrationUntil(
      () => client.registration(passport.id),
      (r) => r.status === 'registered' && r.registeredAt !== registered.registeredAt,
    );
    expect(updated.registrationId).toBe(registered.registrationId);
    const row = await db().passportRegistration.findUniqueOrThrow({ where: { productId: passport.id } });
    expect(row.sentSeq).toBe(2);
  });

  test('a draft is not_registered; another tenant and a sandbox key read 404; a malformed id is 400', async () => {
    const { company, client } = await newTenant();
    const draft = await createTestProduct(db(), { companyId: company.id });
    expect(await client.registration(draft.id)).toMatchObject({ status: 'not_registered', currentVersion: 0 });
    const other = await newTenant();
    const foreign = await refusal(other.client.registration(draft.id));
    expect([foreign.status, foreign.code]).toEqual([404, 'NOT_FOUND']);
    const sandbox = await newKey(company.id, { mode: 'test' });
    const sandboxed = await refusal(sandbox.client.registration(draft.id));
    expect([sandboxed.status, sandboxed.code]).toEqual([404, 'NOT_FOUND']);
    const malformed = await refusal(client.registration('not-a-uuid'));
    expect([malformed.status, malformed.code]).toEqual([400, 'INVALID_ID']);
  });
});
