import type { Metadata } from 'next';
import Link from 'next/link';
import s from '@/app/portal/portal.module.css';
import { portalT } from '@/lib/portal/i18n';
import { importChoices } from '@/lib/portal/imports/choices';
import { portalContext, requireOperator } from '@/lib/portal/session';
import { UPLOAD_ROLES } from '../labels';

export async function generateMetadata(): Promise<Metadata> {
  const t = await portalT('imports');
  return { title: t('new.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const ENDPOINT = 'POST /api/v1/imports';

/**
 * The upload form: a file, the ERP mapping that reads its columns and, for items of a battery model, the model. It
 * posts to the upload route (a plain multipart form, no script needed), which opens the new import's page.
 */
export default async function NewImportPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const t = await portalT('imports');
  const error = (await searchParams).error;
  if (!UPLOAD_ROLES.includes(operator.role)) {
    return (
      <>
        <h1>{t('new.title')}</h1>
        <p role="alert" className={s.error}>
          {t('new.roleRefused', { role: operator.role })} <Link href="/portal/imports">{t('new.seeImports')}</Link>.
        </p>
      </>
    );
  }
  const { mappings, models } = await importChoices({ ctx: portalContext(operator) });
  // The endpoint is set in code within the sentence.
  const [beforeEndpoint, afterEndpoint = ''] = t('new.intro', { endpoint: ENDPOINT }).split(ENDPOINT);
  return (
    <>
      <h1>{t('new.title')}</h1>
      <p>
        {beforeEndpoint}
        <code>{ENDPOINT}</code>
        {afterEndpoint}
      </p>
      <form method="post" action="/portal/imports/upload" encType="multipart/form-data" className={s.form}>
        {typeof error === 'string' && error ? (
          <p role="alert" className={s.error}>
            {t('new.notImported', { error })}
          </p>
        ) : null}
        <label htmlFor="import-file">
          {t('new.file')}
          <input id="import-file" name="file" type="file" required accept=".csv,.xlsx,.jsonl,.ndjson,text/csv" />
        </label>
        <label htmlFor="import-mapping">
          {t('new.mapping')}
          <select id="import-mapping" name="mappingId" defaultValue={mappings.length === 1 ? mappings[0].id : ''}>
            <option value="">{t('new.noMapping')}</option>
            {mappings.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.category})
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="import-model">
          {t('new.model')}
          <select id="import-model" name="modelId" defaultValue="">
            <option value="">{t('new.noModel')}</option>
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
            {t('new.upload')}
          </button>
        </div>
      </form>
    </>
  );
}
