import type { Tx } from '../db/client';

/**
 * Marks a live passport's registration due in the caller's transaction (publication, withdrawal, deprecation,
 * reinstatement): its first registration, or one more change the registry must learn of. One statement; the
 * registry worker sends the passport's state as it is when it gets there, so changes made close together are one
 * update. A test-mode passport is never registered.
 */
export async function markRegistrationDue(tx: Tx, product: { id: string; mode: string }): Promise<void> {
  if (product.mode !== 'LIVE') return;
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "PassportRegistration" ("productId", "nextAttemptAt", "updatedAt")
    VALUES (${product.id}::uuid, ${now}, ${now})
    ON CONFLICT ("productId") DO UPDATE SET
      "wantedSeq" = "PassportRegistration"."wantedSeq" + 1, "status" = 'PENDING', "attempts" = 0,
      "nextAttemptAt" = EXCLUDED."nextAttemptAt", "updatedAt" = EXCLUDED."updatedAt"`;
}

/**
 * Marks every registration of the company's live passports due, in the caller's transaction: what the registry holds
 * of each changed without the passport changing (the company ceased or resumed, so each passport's back-up address
 * did). One statement.
 */
export async function markCompanyRegistrationsDue(tx: Tx, companyId: string): Promise<void> {
  const now = new Date();
  await tx.$executeRaw`
    UPDATE "PassportRegistration" r SET
      "wantedSeq" = r."wantedSeq" + 1, "status" = 'PENDING', "attempts" = 0, "nextAttemptAt" = ${now}, "updatedAt" = ${now}
    FROM "Product" p
    WHERE p."id" = r."productId" AND p."companyId" = ${companyId}::uuid AND p."mode" = 'LIVE'`;
}
