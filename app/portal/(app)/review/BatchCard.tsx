import Link from 'next/link';
import { ProgressBar } from '@/app/portal/components/ProgressBar';
import s from '@/app/portal/portal.module.css';
import type { UserRole } from '@/lib/db/generated/enums';
import type { ReviewBatch } from '@/lib/portal/review/batches';
import { portalTime } from '@/lib/portal/review/time';
import { BatchDecisionForm } from './BatchDecisionForm';
import r from './review.module.css';

const DECIDERS: readonly UserRole[] = ['ADMIN', 'REVIEWER'];

const RUN_LABEL = { PUBLISH_IMPORT: 'Publishing', REJECT_IMPORT: 'Sending back to draft' } as const;

/** One import's submission: its counts, what is missing where, a few passports to open, and the batch decision. */
export function BatchCard({ batch, role }: { batch: ReviewBatch; role: UserRole }) {
  const headingId = `batch-${batch.importId}`;
  const running = batch.run !== null && (batch.run.status === 'QUEUED' || batch.run.status === 'RUNNING');
  return (
    <section className={r.batch} aria-labelledby={headingId}>
      <h3 id={headingId}>Import {batch.fileName ?? batch.importId}</h3>
      <p>
        <strong>{batch.submitted}</strong> {batch.submitted === 1 ? 'passport' : 'passports'} awaiting review ·{' '}
        <span className={s.badge}>{batch.mode === 'LIVE' ? 'Live' : 'Sandbox'}</span> · imported{' '}
        <time dateTime={batch.importedAt.toISOString()}>{portalTime(batch.importedAt)}</time> ·{' '}
        <Link href={`/portal/imports/${batch.importId}`}>Open the import</Link>
      </p>
      {batch.run ? <RunProgress batch={batch} /> : null}
      {batch.submitted > 0 && !running ? <Readiness batch={batch} /> : null}
      {batch.sample.length > 0 ? (
        <>
          <h4>Some passports of the batch</h4>
          <ul>
            {batch.sample.map((p) => (
              <li key={p.id}>
                <Link href={`/portal/passports/${p.id}`}>{p.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {batch.submitting ? <p>The import is still submitting its drafts: decide once it is done.</p> : null}
      {batch.submitted > 0 && !running && !batch.submitting && DECIDERS.includes(role) ? (
        <div className={r.decisions}>
          <BatchDecisionForm importId={batch.importId} intent="approve" count={batch.submitted} />
          <BatchDecisionForm importId={batch.importId} intent="reject" count={batch.submitted} />
        </div>
      ) : null}
    </section>
  );
}

function RunProgress({ batch }: { batch: ReviewBatch }) {
  const run = batch.run!;
  const done = run.status === 'COMPLETED' || run.status === 'FAILED';
  return (
    <div className={r.run}>
      <ProgressBar
        id={`run-${run.id}`}
        label={`${RUN_LABEL[run.kind as keyof typeof RUN_LABEL] ?? 'Working'}:`}
        value={run.processed}
        max={run.total}
      />
      <p role="status">
        {done
          ? `${run.status === 'COMPLETED' ? 'Finished' : 'Stopped'}: ${run.processed - run.failed} done, ${run.failed} failed.`
          : `${run.status === 'QUEUED' ? 'Waiting to start' : 'Running'}: ${run.processed} of ${run.total} done, ${run.failed} failed.`}
        {run.failed > 0 ? ' The failed passports stay submitted and wait in the list below, one by one.' : null}
      </p>
    </div>
  );
}

function Readiness({ batch }: { batch: ReviewBatch }) {
  const scope =
    batch.checked < batch.submitted ? `in a sample of ${batch.checked} of the ${batch.submitted}` : 'in this batch';
  if (batch.failures.length === 0) return <p>Every mandated field is present and valid {scope}.</p>;
  return (
    <table className={r.failures}>
      <caption>Readiness failures by field, {scope}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Missing on</th>
          <th scope="col">Invalid on</th>
        </tr>
      </thead>
      <tbody>
        {batch.failures.map((f) => (
          <tr key={f.fieldId}>
            <th scope="row">
              {f.label} <code>{f.fieldId}</code>
            </th>
            <td>{f.missing}</td>
            <td>{f.invalid}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
