import type { Metadata } from 'next';
import { AdminOnly } from '@/app/portal/components/AdminOnly';
import { listCompanyBmsSecrets } from '@/lib/bms/secret-admin';
import { cursorOf, PAGE_SIZE, positionFrom } from '@/lib/portal/admin/cursor';
import { productChoices, productNames } from '@/lib/portal/admin/lookups';
import { hasRole, PORTAL_ROLES, portalContext, requireOperator } from '@/lib/portal/session';
import { Pager } from '../../components/Pager';
import { CreateSecretForm } from './CreateSecretForm';
import { SecretTable } from './SecretTable';

export const metadata: Metadata = { title: 'BMS secrets' };

type Search = Promise<{ cursor?: string }>;

export default async function BmsSecretsPage({ searchParams }: { searchParams: Search }) {
  const operator = await requireOperator();
  if (!hasRole(operator, PORTAL_ROLES.admin)) return <AdminOnly operator={operator} what="BMS secrets" />;
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
      <h1>BMS secrets</h1>
      <p>
        Battery-management systems sign their telemetry with a secret of your company (header{' '}
        <code>X-Service-BMS-Secret</code> plus an HMAC signature). Several secrets may be active at once; a secret may
        be limited to some products. The secret is shown once, when created; revoking takes effect at once.
      </p>
      <section aria-labelledby="secrets-title">
        <h2 id="secrets-title">Secrets</h2>
        <SecretTable secrets={items} names={names} labelledBy="secrets-title" />
        <Pager path="/portal/bms-secrets" params={{ cursor }} next={cursorOf(next)} />
      </section>
      <section aria-labelledby="create-title">
        <h2 id="create-title">New BMS secret</h2>
        <CreateSecretForm products={products} />
      </section>
    </>
  );
}
