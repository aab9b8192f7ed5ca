import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { type DocumentStorage, documentStorage, storageFailure } from '../documents/storage';
import { writeAudit } from '../domain/audit';
import type { DomainContext, VerbArgs } from '../domain/context';
import type { MappingColumn } from '../erp/types';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { sendJob } from '../jobs/runner';
import { logger } from '../log';
import { loadCategorySchema } from '../passport/schema-version';
import { requireRole } from '../passport/transitions/result';
import { IMPORT_ROLES } from './access';
import { planColumns, unknownColumnErrors } from './apply';
import { openBytes, readHeader } from './read';
import { sniffImportFormat } from './sniff';
import { IMPORTS_QUEUE } from './submit-import';
import type { ImportFormat } from './types';
import { type ImportParts, parseImportUpload } from './upload';
import type { ImportRecord } from './view';

/** The signed multipart body as it came (Integration API), or its parts already split (the portal). */
export type CreateImportInput = { rawBody: Uint8Array; contentType: string | null } | ImportParts;

const invalid = (path: string, message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { issues: [{ path, code: 'invalid_value', message }] } });

/** The tenant's mapping; an unknown one, or another company's, is the same VALIDATION_ERROR on mappingId. */
async function mappingOf(db: Db | Tx, ctx: DomainContext, mappingId: string) {
  const row = isUuid(mappingId)
    ? await db.erpMapping.findFirst({ where: { id: mappingId, companyId: ctx.companyId } })
    : null;
  if (!row) throw invalid('mappingId', 'No ERP mapping of your company has this id.');
  return row;
}

/** The tenant's model in the caller's mode; anything else (another company's, not a model) is MODEL_INVALID. */
async function modelOf(db: Db | Tx, ctx: DomainContext, modelId: string) {
  const row = isUuid(modelId)
    ? await db.product.findFirst({
        where: { id: modelId, companyId: ctx.companyId, mode: ctx.mode ?? 'LIVE', kind: 'MODEL' },
        select: { id: true, categoryId: true },
      })
    : null;
  if (!row)
    throw new ServiceError('MODEL_INVALID', 'No battery model of your company has this id.', {
      details: { field: 'modelId' },
    });
  return row;
}

async function categoryOf(db: Db | Tx, code: string) {
  const row = await db.category.findUnique({ where: { code } });
  if (!row) throw invalid('categoryCode', 'No battery category has this code; GET /api/v1/categories lists them.');
  return row.id;
}

interface Plan {
  format: ImportFormat;
  categoryId: string;
  mappingId: string | null;
  modelId: string | null;
  unknownColumns: string[];
}

/** Everything checked before the file is stored: its type by its bytes, the mapping, the model, the header row. */
async function planImport(db: Db | Tx, ctx: DomainContext, parts: ImportParts): Promise<Plan> {
  const format = sniffImportFormat(parts.file);
  if (!format)
    throw new ServiceError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Only CSV (UTF-8, `,` or `;`), XLSX and JSON Lines files can be imported (judged by content).',
    );
  const mapping = parts.mappingId ? await mappingOf(db, ctx, parts.mappingId) : null;
  if (!mapping && format !== 'jsonl')
    throw invalid('mappingId', 'A CSV or XLSX import needs the ERP mapping that reads its columns.');
  const model = parts.modelId ? await modelOf(db, ctx, parts.modelId) : null;
  if (mapping && model && mapping.categoryId !== model.categoryId)
    throw new ServiceError('MODEL_INVALID', "The model's category differs from the mapping's category.", {
      details: { field: 'modelId' },
    });
  const categoryId =
    mapping?.categoryId ?? model?.categoryId ?? (parts.categoryCode ? await categoryOf(db, parts.categoryCode) : null);
  if (!categoryId)
    throw invalid('categoryCode', 'A JSON Lines import without a mapping or a model names its categoryCode.');
  let unknownColumns: string[] = [];
  if (mapping && format !== 'jsonl') {
    const header = await readHeader(format, openBytes(parts.file)).catch(() => null);
    if (!header || header.every((h) => h === ''))
      throw new ServiceError('IMPORT_UNREADABLE', 'The file has no header row the mapping could read.');
    const category = await db.category.findUniqueOrThrow({ where: { id: categoryId } });
    const schema = await loadCategorySchema(db, categoryId, category.currentSchemaVersion);
    const plan = planColumns(header, mapping.columns as unknown as MappingColumn[], schema);
    if (plan.missing.length > 0)
      throw new ServiceError(
        'IMPORT_UNREADABLE',
        `The header row lacks ${plan.missing.length} column(s) the mapping reads: ${plan.missing
          .slice(0, 10)
          .map((c) => `"${c.slice(0, 80)}"`)
          .join(', ')}.`,
        { details: { missingColumns: plan.missing } },
      );
    unknownColumns = plan.unknown;
  }
  return { format, categoryId, mappingId: mapping?.id ?? null, modelId: model?.id ?? null, unknownColumns };
}

/**
 * Queues an import of an ERP file (CSV, XLSX or JSON Lines). Before anything is stored: the file's type by its bytes
 * (415 otherwise), the mapping and model of the caller's company (422), the header row against the mapping (every
 * mapped column present, else 422 IMPORT_UNREADABLE; columns it does not name are one UNKNOWN_COLUMN error each on
 * row 1). Then the file is stored and the job, its row-1 errors and the audit row written in one transaction; the
 * `imports` worker is asked to start after the commit (the cron sweep takes it up if that ask is lost).
 */
export async function createImport({
  ctx,
  input,
  db = prisma,
  storage = documentStorage(),
}: VerbArgs<CreateImportInput> & { storage?: DocumentStorage }): Promise<ImportRecord> {
  requireRole(ctx, IMPORT_ROLES, 'import a file');
  const maxBytes = config().IMPORT_MAX_BYTES;
  const parts = 'rawBody' in input ? await parseImportUpload(input.rawBody, input.contentType, maxBytes) : input;
  if (parts.file.byteLength === 0) throw new ServiceError('FILE_REQUIRED', 'The file is empty.');
  if (parts.file.byteLength > maxBytes)
    throw new ServiceError('FILE_INVALID', `The file exceeds the size limit of ${maxBytes} bytes.`, {
      details: { maxBytes },
    });
  const plan = await planImport(db, ctx, parts);
  const storageKey = randomUUID();
  try {
    await storage.put(storageKey, parts.file);
  } catch (error) {
    throw storageFailure(error, 'write');
  }
  try {
    const job = await inTransaction(db, async (tx) => {
      const row = await tx.importJob.create({
        data: {
          companyId: ctx.companyId,
          mode: ctx.mode ?? 'LIVE',
          categoryId: plan.categoryId,
          mappingId: plan.mappingId,
          modelId: plan.modelId,
          format: plan.format,
          fileName: parts.fileName,
          storageKey,
          byteLength: parts.file.byteLength,
          sha256: sha256Hex(parts.file),
          actorRole: ctx.actor.role,
          actorId: ctx.actor.id,
          actorChannel: ctx.actor.channel,
        },
      });
      const errors = unknownColumnErrors(plan.unknownColumns);
      if (errors.length > 0)
        await tx.importRowError.createMany({ data: errors.map((e) => ({ ...e, importId: row.id, rowNumber: 1 })) });
      await writeAudit(tx, {
        companyId: ctx.companyId,
        eventType: 'ImportCreated',
        actor: ctx.actor,
        context: { importId: row.id, format: plan.format, byteLength: row.byteLength, sha256: row.sha256 },
      });
      return row;
    });
    // Inside a caller's transaction the job is sent a little later, so that the worker finds the committed row.
    await sendJob(IMPORTS_QUEUE, { importId: job.id }, db === prisma ? {} : { startAfter: 2 });
    return job;
  } catch (error) {
    await storage
      .delete(storageKey)
      .catch((e) => logger().error({ err: e, storageKey }, 'orphan import file not deleted'));
    throw error;
  }
}
