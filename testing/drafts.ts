// Shared by the drafts' database tests: a fresh company, a unique tag, the EV battery schema's examples.
import { randomBytes } from 'node:crypto';
import { prisma } from '../lib/db/client';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { createTestCompany } from './factories';

export const tag = () => randomBytes(5).toString('hex');

export const newCompany = (overrides: Parameters<typeof createTestCompany>[1] = {}) =>
  createTestCompany(prisma, overrides);

export const evExamples = () => exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);
