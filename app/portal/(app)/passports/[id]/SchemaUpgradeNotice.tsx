import { ActionForm } from '@/app/portal/components/ActionForm';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { upgradeSchema } from './actions';

/** The category's newer schema version, read from the gate's schema compatibility check; null when there is none. */
function newerVersion(detail: PassportDetail): number | null {
  const check = detail.gate.checks.find((c) => c.id === 'schema_compatibility');
  const current = check?.details?.currentSchemaVersion;
  return typeof current === 'number' && current > detail.schema.version ? current : null;
}

/**
 * On a draft whose category has moved on: what the newer version brings and, for an editor, the button that moves
 * the draft to it. An item follows its model, so it only says so.
 */
export async function SchemaUpgradeNotice({ detail, mayEdit }: { detail: PassportDetail; mayEdit: boolean }) {
  const { product } = detail;
  const next = newerVersion(detail);
  if (next === null || product.state !== 'DRAFT' || product.isDemo) return null;
  const t = await portalT('passport');
  const versions = { next: String(next), current: String(detail.schema.version) };
  return (
    <section className={p.section} aria-labelledby="schema-upgrade-title" id="schema-upgrade">
      <h2 id="schema-upgrade-title">{t('schemaUpgrade.title', versions)}</h2>
      <p className={p.warn}>{t('schemaUpgrade.body', versions)}</p>
      {product.kind === 'item' ? (
        <p>{t('schemaUpgrade.item')}</p>
      ) : mayEdit ? (
        <ActionForm action={upgradeSchema} aria-label={t('schemaUpgrade.formLabel')}>
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="lockVersion" value={product.lockVersion} />
          <div>
            <SubmitButton pendingText={t('schemaUpgrade.moving')}>{t('schemaUpgrade.move', versions)}</SubmitButton>
          </div>
        </ActionForm>
      ) : null}
    </section>
  );
}
