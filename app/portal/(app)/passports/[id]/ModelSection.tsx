import Link from 'next/link';
import { ProgressBar } from '@/app/portal/components/ProgressBar';
import { RefreshWhile } from '@/app/portal/components/RefreshWhile';
import type { PassportDetail } from '@/lib/portal/passports/detail';

/** An item's model (and the model version it was last published on), or a model's items and their re-publication. */
export function ModelSection({ family }: { family: PassportDetail['family'] }) {
  if (family.kind === 'ITEM') {
    return (
      <section aria-labelledby="model-heading" data-testid="model-section">
        <h2 id="model-heading">Item of a battery model</h2>
        {family.model ? (
          <p>
            Model: <Link href={`/portal/passports/${family.model.id}`}>{family.model.name}</Link>
            {family.model.modelVersion ? `, published on model version ${family.model.modelVersion}` : ''}
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
      <h2 id="model-heading">Battery model</h2>
      <p>
        {family.itemCount ?? 0} item(s) inherit this model's published data. A new published version of the model
        re-publishes its published items.
      </p>
      {run ? (
        <div data-testid="republication">
          <ProgressBar
            id="republication-progress"
            label={`Re-publication on model version ${run.modelVersion} (${run.status.toLowerCase()})`}
            value={run.processed}
            max={run.total}
          />
          {run.failed > 0 ? <p>{run.failed} item(s) could not be re-published: see their audit trail.</p> : null}
          <RefreshWhile active={running} />
        </div>
      ) : null}
    </section>
  );
}
