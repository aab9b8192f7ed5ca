import Link from 'next/link';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import s from '@/app/portal/portal.module.css';
import { listKeys } from '@/lib/integration/key-admin/list';
import { KEY_STATUSES, type KeyStatus } from '@/lib/integration/key-admin/view';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { slotted } from '@/lib/portal/admin/slots';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { Pager } from '../../components/Pager';
import { keyStatusLabels } from './KeyStatusBadge';
import { KeyTable } from './KeyTable';
import { MintKeyForm } from './MintKeyForm';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('keys.title') };
}

type Search = Promise<{ mode?: string; status?: string; cursor?: string }>;

const isStatus = (value: string | undefined): value is KeyStatus => KEY_STATUSES.includes(value as KeyStatus);

export default async function KeysPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('keys.what')} />;
  const l = await portalLabels();
  const q = await searchParams;
  const mode = q.mode === 'live' || q.mode === 'test' ? q.mode : undefined;
  const status = isStatus(q.status) ? q.status : undefined;
  const { items, next } = await listKeys({
    ctx: portalContext(operator),
    query: {
      mode: mode && (mode === 'test' ? 'TEST' : 'LIVE'),
      status,
      after: positionFrom(q.cursor),
      limit: PAGE_SIZE,
    },
  });
  const filtered = Boolean(mode || status);
  return (
    <>
      <h1>{t('keys.title')}</h1>
      <p>{slotted((m) => t('keys.intro', m), { path: <code>/api/v1</code> })}</p>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">{t('keys.list')}</h2>
        <form method="get" className={s.filters} aria-label={t('keys.filter.label')}>
          <FilterSelect
            label={t('keys.filter.mode')}
            name="mode"
            value={mode}
            anyLabel={t('keys.filter.anyMode')}
            options={l.options.mode}
          />
          <FilterSelect
            label={t('keys.filter.status')}
            name="status"
            value={status}
            anyLabel={t('keys.filter.anyStatus')}
            options={keyStatusLabels(t)}
          />
          <button type="submit" className={s.secondary}>
            {t('keys.filter.show')}
          </button>
        </form>
        <KeyTable keys={items} filtered={filtered} labelledBy="keys-title" />
        <Pager path="/portal/keys" params={{ mode, status, cursor: q.cursor }} next={cursorOf(next)} />
      </section>
      <section aria-labelledby="mint-title">
        <h2 id="mint-title">{t('keys.mint.title')}</h2>
        <MintKeyForm />
      </section>
      <section aria-labelledby="admin-key-title">
        <h2 id="admin-key-title">{t('keys.adminKeys.title')}</h2>
        <p>
          {slotted((m) => t('keys.adminKeys.body', m), {
            keysAdmin: <code>keys:admin</code>,
            gdprAdmin: <code>gdpr:admin</code>,
            link: <Link href="/portal/keys/new-admin">{t('keys.adminKeys.link')}</Link>,
          })}
        </p>
      </section>
    </>
  );
}
