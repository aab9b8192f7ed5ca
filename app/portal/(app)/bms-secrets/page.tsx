import { AdminOnly } from '@/app/portal/components/AdminOnly';
import { listCompanyBmsSecrets } from '@/lib/bms/secret-admin';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { productChoices, productNames } from '@/lib/portal/admin/lookups';
import { slotted } from '@/lib/portal/admin/slots';
import { portalT } from '@/lib/portal/i18n';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { Pager } from '../../components/Pager';
import { CreateSecretForm } from './CreateSecretForm';
import { SecretTable } from './SecretTable';

export async function generateMetadata() {
  const t = await portalT('admin');
  return { title: t('bms.title') };
}

type Search = Promise<{ cursor?: string }>;

export default async function BmsSecretsPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  const t = await portalT('admin');
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what={t('bms.what')} />;
  const { cursor } = await searchParams;
  const { items, next } = await listCompanyBmsSecrets({
    ctx: portalContext(operator),
    page: { after: positionFrom(cursor), limit: PAGE_SIZE },
  });
  const [names, products] = await Promise.all([
    productNames(
      operator.companyId,
      items.flatMap((s) => s.productIds),
    ),
    productChoices(operator.companyId),
  ]);
  return (
    <>
      <h1>{t('bms.title')}</h1>
      <p>{slotted((m) => t('bms.intro', m), { header: <code>X-Service-BMS-Secret</code> })}</p>
      <section aria-labelledby="secrets-title">
        <h2 id="secrets-title">{t('bms.list')}</h2>
        <SecretTable secrets={items} names={names} labelledBy="secrets-title" />
        <Pager path="/portal/bms-secrets" params={{ cursor }} next={cursorOf(next)} />
      </section>
      <section aria-labelledby="create-title">
        <h2 id="create-title">{t('bms.create.title')}</h2>
        <CreateSecretForm products={products} />
      </section>
    </>
  );
}
