import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import type { ProductChoice } from '@/lib/portal/admin/lookups';
import { portalT } from '@/lib/portal/i18n';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { createBmsSecretAction } from './actions';

/** A name, and optionally the products the secret may update (picked, or named by id); none means all of them. */
export async function CreateSecretForm({ products }: { products: ProductChoice[] }) {
  const t = await portalT('admin');
  return (
    <ActionForm action={createBmsSecretAction} aria-label={t('bms.create.title')}>
      <KeepFormValues />
      <div className={a.field}>
        <label>
          {t('bms.create.name')}
          <input name="name" maxLength={100} autoComplete="off" aria-describedby="name-hint name-error" />
        </label>
        <span id="name-hint" className={a.hint}>
          {t('bms.create.nameHint')}
        </span>
        <FieldError name="name" />
      </div>
      <fieldset aria-describedby="products-hint productIds-error">
        <legend>{t('bms.create.products')}</legend>
        <p id="products-hint" className={a.hint}>
          {t('bms.create.productsHint')}
        </p>
        {products.length > 0 ? (
          <div className={a.scopes}>
            {products.map((p) => (
              <label key={p.id} className={a.checkboxLine}>
                <input type="checkbox" name="productIds" value={p.id} />
                <span>
                  {p.name} {p.mode === 'TEST' ? <span className={a.hint}>{t('bms.create.sandbox')}</span> : null}{' '}
                  <code className={a.hint}>{p.id}</code>
                </span>
              </label>
            ))}
          </div>
        ) : null}
        <div className={a.field}>
          <label>
            {t('bms.create.otherIds')}
            <textarea
              name="otherProductIds"
              rows={2}
              spellCheck={false}
              aria-describedby="otherProductIds-hint productIds-error"
            />
          </label>
          <span id="otherProductIds-hint" className={a.hint}>
            {t('bms.create.otherIdsHint')}
          </span>
        </div>
        <FieldError name="productIds" />
      </fieldset>
      <SubmitButton pendingText={t('bms.create.pending')}>{t('bms.create.submit')}</SubmitButton>
    </ActionForm>
  );
}
