// Helpers shared by the resolver and viewer specs: database access (the Playwright process has DATABASE_URL)
// and passports made for one test, with GTINs no other test uses.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createPrismaClient } from '../../lib/db/client';
import { passportPath } from '../../lib/gs1/digital-link';
import { withCheckDigit } from '../../lib/gs1/gtin';
import type { BatteryCategory } from '../../lib/schema/types';
import { createPublishedPassport, createTestCompany } from '../factories';

let client: ReturnType<typeof createPrismaClient> | undefined;
export const db = () => (client ??= createPrismaClient());

/** A GTIN-14 with six leading zeros, so its GTIN-8, -12 and -13 forms are also valid GTINs. */
export function gtin14WithLeadingZeros(): string {
  return withCheckDigit(`000000${String(randomInt(0, 10_000_000)).padStart(7, '0')}`);
}

export async function demoPassport(slug: string) {
  const product = await db().product.findUniqueOrThrow({ where: { slug } });
  return { ...product, path: passportPath(product) };
}

export async function publishTestPassport(input: {
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
  category?: BatteryCategory;
  formData?: Record<string, unknown>;
}) {
  const company = await createTestCompany(db());
  const product = await createPublishedPassport(db(), {
    companyId: company.id,
    category: input.category ?? 'EV_BATTERY',
    ...input,
  });
  return { ...product, path: passportPath(product) };
}

/** The JSON-LD documents in the document head (not the body), parsed. */
export async function headJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('head script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}
