import { createPrismaClient } from '../db/client';
import { canonicalJson, sha256Hex } from '../passport/canonical-json';
import { CATEGORY_INFO, CATEGORY_SCHEMA_VERSIONS, CATEGORY_SCHEMAS } from './categories';
import { BATTERY_CATEGORIES } from './types';

export const BATTERY_INDUSTRY = {
  code: 'BATTERIES',
  name: 'Batteries',
  description: 'Batteries placed on the EU market under Regulation (EU) 2023/1542.',
};

/**
 * Installs the industry, the five battery categories and their field schema versions. Idempotent; a schema
 * version that already exists with different content is refused (publish a new version instead).
 */
export async function installReferenceData(databaseUrl: string): Promise<{ installedSchemas: string[] }> {
  const db = createPrismaClient(databaseUrl);
  const installedSchemas: string[] = [];
  try {
    // A first install writes every category's field schema: on a loaded machine that outlasts Prisma's 5 s default.
    await db.$transaction(
      async (tx) => {
        const industry = await tx.industry.upsert({
          where: { code: BATTERY_INDUSTRY.code },
          create: BATTERY_INDUSTRY,
          update: { name: BATTERY_INDUSTRY.name, description: BATTERY_INDUSTRY.description },
        });
        for (const code of BATTERY_CATEGORIES) {
          const info = CATEGORY_INFO[code];
          const schema = CATEGORY_SCHEMAS[code];
          const category = await tx.category.upsert({
            where: { code },
            create: {
              code,
              name: info.name,
              description: info.description,
              industryId: industry.id,
              currentSchemaVersion: schema.version,
            },
            update: { name: info.name, description: info.description },
          });
          // Every version, oldest first: an installed version is never altered, a new one is added beside it.
          for (const version of CATEGORY_SCHEMA_VERSIONS[code]) {
            const fields = JSON.parse(canonicalJson(version.fields));
            const sha256 = sha256Hex(canonicalJson(version.fields));
            const existing = await tx.categorySchemaVersion.findUnique({
              where: { categoryId_version: { categoryId: category.id, version: version.version } },
            });
            if (existing && existing.sha256 !== sha256) {
              throw new Error(
                `Field schema ${code} v${version.version} differs from the installed one; add a new version`,
              );
            }
            if (!existing) {
              await tx.categorySchemaVersion.create({
                data: { categoryId: category.id, version: version.version, fields, sha256 },
              });
              installedSchemas.push(`${code}@${version.version}`);
            }
          }
          if (category.currentSchemaVersion < schema.version) {
            await tx.category.update({ where: { id: category.id }, data: { currentSchemaVersion: schema.version } });
          }
        }
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  } finally {
    await db.$disconnect();
  }
  return { installedSchemas };
}
