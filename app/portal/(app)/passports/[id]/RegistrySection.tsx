import { Time } from '@/app/portal/components/Time';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { RegistryBadge } from '../RegistryBadge';

type Report = PassportDetail['registry'];

function registeredVersion(r: Report) {
  if (r.registeredVersion === null) return <span className={p.missing}>None yet</span>;
  if (r.registeredVersion === r.currentVersion) return `Version ${r.registeredVersion}`;
  return `Version ${r.registeredVersion} (current: ${r.currentVersion})`;
}

function nextAttempt(r: Report) {
  if (r.nextAttemptAt) return <Time value={r.nextAttemptAt} />;
  // A refused record is not sent again until the passport changes (a new version, withdrawal, ...).
  if (r.status === 'failed') return 'After the passport’s next change';
  return <span className={p.missing}>None due</span>;
}

/** Where the passport's registration with the EU digital product passport registry stands. */
export function RegistrySection({ detail }: { detail: PassportDetail }) {
  const { registry: r, product } = detail;
  return (
    <section className={p.section} aria-labelledby="registry-title" id="registry">
      <h2 id="registry-title">EU registry</h2>
      {r.status === 'not_registered' ? (
        <p data-testid="registry-state">
          {product.mode === 'test'
            ? 'Sandbox passports are never registered with the EU registry.'
            : 'Not registered: a passport is registered with the EU registry once it is first published.'}
        </p>
      ) : (
        <dl className={p.summary} data-testid="registry-summary">
          <div>
            <dt>State</dt>
            <dd data-testid="registry-state">
              <RegistryBadge state={r.status} />
            </dd>
          </div>
          <div>
            <dt>Registration id</dt>
            <dd>{r.registrationId ?? <span className={p.missing}>Not assigned yet</span>}</dd>
          </div>
          <div>
            <dt>Registered version</dt>
            <dd>{registeredVersion(r)}</dd>
          </div>
          <div>
            <dt>Registered at</dt>
            <dd>
              <Time value={r.registeredAt} />
            </dd>
          </div>
          <div>
            <dt>Failed attempts</dt>
            <dd>{r.attempts}</dd>
          </div>
          <div>
            <dt>Next attempt</dt>
            <dd>{nextAttempt(r)}</dd>
          </div>
          <div className={p.wide}>
            <dt>Last error</dt>
            <dd data-testid="registry-error" className={p.errorText}>
              {r.lastError ?? <span className={p.missing}>None</span>}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
