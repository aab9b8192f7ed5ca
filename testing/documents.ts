// DB-test kit of evidence documents: a tenant with a product, a storage in a temp dir that can fail on cue.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildMultipart, type UploadDocumentInput } from '../lib/client/documents';
import { prisma } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import { localStorage } from '../lib/documents/local-storage';
import { type DocumentStorage, StorageUnavailable } from '../lib/documents/storage';
import type { DomainContext } from '../lib/domain/context';
import { SAMPLES } from './document-samples';
import { createTestCompany, createTestProduct, type TestProductInput } from './factories';

export async function tempStorage() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bps-docs-db-'));
  const inner = localStorage(dir);
  const faults = { put: null as null | 'unavailable' | 'after-write', get: null as null | 'unavailable' };
  const keys: string[] = [];
  const storage: DocumentStorage = {
    async put(key, bytes) {
      keys.push(key);
      if (faults.put === 'unavailable') throw new StorageUnavailable('disk unavailable');
      await inner.put(key, bytes);
      if (faults.put === 'after-write') throw new Error('injected failure after the file write');
    },
    async get(key) {
      if (faults.get === 'unavailable') throw new StorageUnavailable('disk unavailable');
      return inner.get(key);
    },
    delete: (key) => inner.delete(key),
  };
  return { dir, storage, faults, keys, stored: async (key: string) => (await inner.get(key)) !== null };
}

export async function documentTenant(
  company: Partial<Prisma.CompanyUncheckedCreateInput> = {},
  product: Partial<TestProductInput> = {},
) {
  const row = await createTestCompany(prisma, company);
  const p = await createTestProduct(prisma, { companyId: row.id, ...product });
  const ctx: DomainContext = {
    companyId: row.id,
    actor: { role: 'Integration', id: crypto.randomUUID(), channel: 'API' },
    mode: p.mode,
  };
  return { company: row, product: p, ctx };
}

export function uploadInput(productId: string, overrides: Partial<UploadDocumentInput> = {}) {
  const { body, contentType } = buildMultipart({
    file: SAMPLES.pdf.bytes,
    fileName: 'doc.pdf',
    documentType: 'declaration_of_conformity',
    title: 'DoC',
    ...overrides,
  });
  return { productId, rawBody: body, contentType };
}
