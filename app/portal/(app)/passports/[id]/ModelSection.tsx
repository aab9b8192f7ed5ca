import Link from 'next/link';
import { ProgressBar } from '@/app/portal/components/ProgressBar';
import { RefreshWhile } from '@/app/portal/components/RefreshWhile';
import { portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';

/** An item's model (and the model version it was last published on), or a model's items and their re-publication. */
export async function ModelSection({ family }: { family: PassportDetail['family'] }) {
  const t = await portalT('passports');
  if (family.kind === 'ITEM') {
    return (
      <section aria-labelledby="model-heading" data-testid="model-section">
        <h2 id="model-heading">{t('model.itemTitle')}</h2>
        {family.model ? (
          <p>
            {t('model.model')} <Link href={`/portal/passports/${family.model.id}`}>{family.model.name}</Link>
            {family.model.modelVersion ? t('model.publishedOn', { version: family.model.modelVersion }) : ''}
          </p>
        ) : null}
      </section>
    );
  }
  if (family.kind !== 'MODEL') return null;
  const run = family.republication;
  const running = run !== null && (run.status === 'QUEUED' || run.status === 'RUNNING');
  return (
    <section aria-labelledby="model-heading" data-testid="model-section">
      <h2 id="model-heading">{t('model.modelTitle')}</h2>
      <p>{t('model.items', { count: family.itemCount ?? 0 })}</p>
      {run ? (
        <div data-testid="republication">
          <ProgressBar
            id="republication-progress"
            label={t('model.republication', { version: run.modelVersion, status: run.status })}
            value={run.processed}
            max={run.total}
          />
          {run.failed > 0 ? <p>{t('model.failed', { count: run.failed })}</p> : null}
          <RefreshWhile active={running} />
        </div>
      ) : null}
    </section>
  );
}
