import Link from 'next/link';
import { ProgressBar } from '@/app/portal/components/ProgressBar';
import s from '@/app/portal/portal.module.css';
import type { UserRole } from '@/lib/db/generated/enums';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import type { ReviewBatch } from '@/lib/portal/review/batches';
import type { FieldDefinition } from '@/lib/schema/types';
import { BatchDecisionForm } from './BatchDecisionForm';
import r from './review.module.css';

const DECIDERS: readonly UserRole[] = ['ADMIN', 'REVIEWER'];

/** One import's submission: its counts, what is missing where, a few passports to open, and the batch decision. */
export async function BatchCard({ batch, role }: { batch: ReviewBatch; role: UserRole }) {
  const t = await portalT('review');
  const l = await portalLabels();
  const headingId = `batch-${batch.importId}`;
  const running = batch.run !== null && (batch.run.status === 'QUEUED' || batch.run.status === 'RUNNING');
  return (
    <section className={r.batch} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('batch.heading', { name: batch.fileName ?? batch.importId })}</h3>
      <p>
        <strong>{batch.submitted}</strong> {t('batch.awaiting', { count: batch.submitted })} ·{' '}
        <span className={s.badge}>{l.mode(batch.mode === 'LIVE' ? 'live' : 'test')}</span> · {t('batch.imported')}{' '}
        <time dateTime={batch.importedAt.toISOString()}>{l.time(batch.importedAt)}</time> ·{' '}
        <Link href={`/portal/imports/${batch.importId}`}>{t('batch.openImport')}</Link>
      </p>
      {batch.run ? <RunProgress batch={batch} /> : null}
      {batch.submitted > 0 && !running ? <Readiness batch={batch} /> : null}
      {batch.sample.length > 0 ? (
        <>
          <h4>{t('batch.sample')}</h4>
          <ul>
            {batch.sample.map((p) => (
              <li key={p.id}>
                <Link href={`/portal/passports/${p.id}`}>{p.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {batch.submitting ? <p>{t('batch.stillSubmitting')}</p> : null}
      {batch.submitted > 0 && !running && !batch.submitting && DECIDERS.includes(role) ? (
        <div className={r.decisions}>
          <BatchDecisionForm importId={batch.importId} intent="approve" count={batch.submitted} />
          <BatchDecisionForm importId={batch.importId} intent="reject" count={batch.submitted} />
        </div>
      ) : null}
    </section>
  );
}

async function RunProgress({ batch }: { batch: ReviewBatch }) {
  const t = await portalT('review');
  const run = batch.run!;
  const done = run.status === 'COMPLETED' || run.status === 'FAILED';
  const label =
    run.kind === 'PUBLISH_IMPORT'
      ? t('batch.run.publishing')
      : run.kind === 'REJECT_IMPORT'
        ? t('batch.run.rejecting')
        : t('batch.run.working');
  const counts = { done: run.processed - run.failed, processed: run.processed, total: run.total, failed: run.failed };
  return (
    <div className={r.run}>
      <ProgressBar id={`run-${run.id}`} label={label} value={run.processed} max={run.total} />
      <p role="status">
        {done
          ? run.status === 'COMPLETED'
            ? t('batch.run.finished', counts)
            : t('batch.run.stopped', counts)
          : run.status === 'QUEUED'
            ? t('batch.run.waiting', counts)
            : t('batch.run.running', counts)}
        {run.failed > 0 ? ` ${t('batch.run.failedStay')}` : null}
      </p>
    </div>
  );
}

async function Readiness({ batch }: { batch: ReviewBatch }) {
  const t = await portalT('review');
  const i18n = await portalI18n();
  const scope =
    batch.checked < batch.submitted
      ? t('batch.readiness.inSample', { checked: batch.checked, submitted: batch.submitted })
      : t('batch.readiness.inBatch');
  if (batch.failures.length === 0) return <p>{t('batch.readiness.allValid', { scope })}</p>;
  return (
    <table className={r.failures}>
      <caption>{t('batch.readiness.caption', { scope })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('batch.readiness.field')}</th>
          <th scope="col">{t('batch.readiness.missing')}</th>
          <th scope="col">{t('batch.readiness.invalid')}</th>
        </tr>
      </thead>
      <tbody>
        {batch.failures.map((f) => (
          <tr key={f.fieldId}>
            <th scope="row">
              {/* The field's label in the operator's language (the schema's own where the language has none). */}
              {i18n.label({ id: f.fieldId, label: f.label } as FieldDefinition)} <code>{f.fieldId}</code>
            </th>
            <td>{f.missing}</td>
            <td>{f.invalid}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
