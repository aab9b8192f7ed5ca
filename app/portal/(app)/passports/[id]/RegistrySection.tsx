import { Time } from '@/app/portal/components/Time';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { RegistryBadge } from '../RegistryBadge';

type Report = PassportDetail['registry'];

function registeredVersion(r: Report, t: PortalTranslator) {
  if (r.registeredVersion === null) return <span className={p.missing}>{t('registry.noneYet')}</span>;
  if (r.registeredVersion === r.currentVersion) return t('registry.version', { version: r.registeredVersion });
  return t('registry.versionOf', { version: r.registeredVersion, current: r.currentVersion });
}

function nextAttempt(r: Report, t: PortalTranslator) {
  if (r.nextAttemptAt) return <Time value={r.nextAttemptAt} />;
  // A refused record is not sent again until the passport changes (a new version, withdrawal, ...).
  if (r.status === 'failed') return t('registry.afterChange');
  return <span className={p.missing}>{t('registry.noneDue')}</span>;
}

/** Where the passport's registration with the EU digital product passport registry stands. */
export async function RegistrySection({ detail }: { detail: PassportDetail }) {
  const { registry: r, product } = detail;
  const t = await portalT('passports');
  return (
    <section className={p.section} aria-labelledby="registry-title" id="registry">
      <h2 id="registry-title">{t('registry.title')}</h2>
      {r.status === 'not_registered' ? (
        <p data-testid="registry-state">
          {product.mode === 'test' ? t('registry.sandbox') : t('registry.notRegistered')}
        </p>
      ) : (
        <dl className={p.summary} data-testid="registry-summary">
          <div>
            <dt>{t('registry.state')}</dt>
            <dd data-testid="registry-state">
              <RegistryBadge state={r.status} />
            </dd>
          </div>
          <div>
            <dt>{t('registry.registrationId')}</dt>
            <dd>{r.registrationId ?? <span className={p.missing}>{t('registry.notAssigned')}</span>}</dd>
          </div>
          <div>
            <dt>{t('registry.registeredVersion')}</dt>
            <dd>{registeredVersion(r, t)}</dd>
          </div>
          <div>
            <dt>{t('registry.registeredAt')}</dt>
            <dd>
              <Time value={r.registeredAt} />
            </dd>
          </div>
          <div>
            <dt>{t('registry.attempts')}</dt>
            <dd>{r.attempts}</dd>
          </div>
          <div>
            <dt>{t('registry.nextAttempt')}</dt>
            <dd>{nextAttempt(r, t)}</dd>
          </div>
          <div className={p.wide}>
            <dt>{t('registry.lastError')}</dt>
            <dd data-testid="registry-error" className={p.errorText}>
              {r.lastError ?? <span className={p.missing}>{t('registry.none')}</span>}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
