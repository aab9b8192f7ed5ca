import type { Metadata } from 'next';
import Link from 'next/link';
import s from '@/app/portal/portal.module.css';
import { importChoices } from '@/lib/portal/imports/choices';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { UPLOAD_ROLES } from '../labels';

export const metadata: Metadata = { title: 'Import a file' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The upload form: a file, the ERP mapping that reads its columns and, for items of a battery model, the model. It
 * posts to the upload route (a plain multipart form, no script needed), which opens the new import's page.
 */
export default async function NewImportPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const error = (await searchParams).error;
  if (!UPLOAD_ROLES.includes(operator.role)) {
    return (
      <>
        <h1>Import a file</h1>
        <p role="alert" className={s.error}>
          Your role ({operator.role}) does not allow importing files.{' '}
          <Link href="/portal/imports">See the imports</Link>.
        </p>
      </>
    );
  }
  const { mappings, models } = await importChoices({ ctx: portalContext(operator) });
  return (
    <>
      <h1>Import a file</h1>
      <p>
        Each row becomes a draft passport (or updates the one with its serial number). The mapping says which column
        fills which field; JSON Lines files need none. Files here are limited to 1 MB (about 15,000 rows of a compact
        export); larger files go through the Integration API (<code>POST /api/v1/imports</code>).
      </p>
      <form method="post" action="/portal/imports/upload" encType="multipart/form-data" className={s.form}>
        {typeof error === 'string' && error ? (
          <p role="alert" className={s.error}>
            The file was not imported: {error}
          </p>
        ) : null}
        <label htmlFor="import-file">
          File (CSV, XLSX or JSON Lines)
          <input id="import-file" name="file" type="file" required accept=".csv,.xlsx,.jsonl,.ndjson,text/csv" />
        </label>
        <label htmlFor="import-mapping">
          ERP mapping
          <select id="import-mapping" name="mappingId" defaultValue={mappings.length === 1 ? mappings[0].id : ''}>
            <option value="">None (JSON Lines only)</option>
            {mappings.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.category})
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="import-model">
          Battery model (optional: the rows are its items)
          <select id="import-model" name="modelId" defaultValue="">
            <option value="">None: standalone passports</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.gtin ? ` (GTIN ${m.gtin})` : ''}
              </option>
            ))}
          </select>
        </label>
        <div>
          <button type="submit" className={s.button}>
            Upload and import
          </button>
        </div>
      </form>
    </>
  );
}
