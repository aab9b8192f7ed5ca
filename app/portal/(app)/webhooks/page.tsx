import Link from 'next/link';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { ServiceError } from '@/lib/errors';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { modeParam, withMode } from '@/lib/portal/admin/webhooks';
import { portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { listWebhookEndpoints } from '@/lib/webhooks/endpoints/list';
import { Pager } from '../../components/Pager';
import { EndpointForm } from './EndpointForm';
import { EndpointTable } from './EndpointTable';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('webhooks.title') };
}

type Search = Promise<{ mode?: string; cursor?: string }>;

/** The endpoints of one mode, or the plan's refusal to show instead of the list. */
async function load(ctx: Parameters<typeof listWebhookEndpoints>[0]['ctx'], cursor: string | undefined) {
  try {
    return { page: await listWebhookEndpoints({ ctx, page: { after: positionFrom(cursor), limit: PAGE_SIZE } }) };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'FORBIDDEN_MODULE') return { refusal: error.message };
    throw error;
  }
}

export default async function WebhooksPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('webhooks.what')} />;
  const q = await searchParams;
  const mode = modeParam(q.mode);
  const result = await load(withMode(portalContext(operator), mode), q.cursor);
  const modeName = mode === 'TEST' ? 'test' : 'live';
  return (
    <>
      <h1>{t('webhooks.title')}</h1>
      <p>{t('webhooks.intro')}</p>
      {'refusal' in result ? (
        <p className={s.error}>{result.refusal}</p>
      ) : (
        <>
          <section aria-labelledby="endpoints-title">
            <h2 id="endpoints-title">{t('webhooks.list')}</h2>
            <nav aria-label={t('webhooks.modeNav')}>
              <ul className={a.tabs}>
                <li>
                  <Link href="/portal/webhooks?mode=live" aria-current={modeName === 'live' ? 'page' : undefined}>
                    {t('webhooks.liveTab')}
                  </Link>
                </li>
                <li>
                  <Link href="/portal/webhooks?mode=test" aria-current={modeName === 'test' ? 'page' : undefined}>
                    {t('webhooks.testTab')}
                  </Link>
                </li>
              </ul>
            </nav>
            <EndpointTable endpoints={result.page.items} mode={modeName} labelledBy="endpoints-title" />
            <Pager
              path="/portal/webhooks"
              params={{ mode: modeName, cursor: q.cursor }}
              next={cursorOf(result.page.next)}
            />
          </section>
          <section aria-labelledby="create-title">
            <h2 id="create-title">{t('webhooks.create.title')}</h2>
            <EndpointForm mode={mode} />
          </section>
        </>
      )}
    </>
  );
}
