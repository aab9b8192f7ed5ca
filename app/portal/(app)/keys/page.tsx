import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { MODE_LABEL } from '@/app/portal/components/mode-label';
import s from '@/app/portal/portal.module.css';
import { listKeys } from '@/lib/integration/key-admin/list';
import { KEY_STATUSES, type KeyStatus } from '@/lib/integration/key-admin/view';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { Pager } from '../../components/Pager';
import { KEY_STATUS_LABEL } from './KeyStatusBadge';
import { KeyTable } from './KeyTable';
import { MintKeyForm } from './MintKeyForm';

export const metadata: Metadata = { title: 'API keys' };

type Search = Promise<{ mode?: string; status?: string; cursor?: string }>;

const isStatus = (value: string | undefined): value is KeyStatus => KEY_STATUSES.includes(value as KeyStatus);

export default async function KeysPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what="API keys" />;
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
      <h1>API keys</h1>
      <p>
        Integration API keys let your systems author passports through <code>/api/v1</code>. A key and its signing
        secret are shown once, when minted; rotate a key to replace it without downtime. Keys that are old or close to
        expiry are marked.
      </p>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Keys</h2>
        <form method="get" className={s.filters} aria-label="Filter keys">
          <FilterSelect label="Mode" name="mode" value={mode} anyLabel="Live and sandbox" options={MODE_LABEL} />
          <FilterSelect label="Status" name="status" value={status} anyLabel="Any" options={KEY_STATUS_LABEL} />
          <button type="submit" className={s.secondary}>
            Show
          </button>
        </form>
        <KeyTable keys={items} filtered={filtered} labelledBy="keys-title" />
        <Pager path="/portal/keys" params={{ mode, status, cursor: q.cursor }} next={cursorOf(next)} />
      </section>
      <section aria-labelledby="mint-title">
        <h2 id="mint-title">New integration key</h2>
        <MintKeyForm />
      </section>
      <section aria-labelledby="admin-key-title">
        <h2 id="admin-key-title">Admin keys</h2>
        <p>
          The privileged scopes <code>keys:admin</code> (manage keys through the API) and <code>gdpr:admin</code>{' '}
          (data-subject requests) are never in the picker above: each goes alone on a key of its own.{' '}
          <Link href="/portal/keys/new-admin">New admin key</Link>
        </p>
      </section>
    </>
  );
}
