import a from '@/app/portal/components/admin.module.css';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import type { ProductChoice } from '@/lib/portal/admin/lookups';
import { ActionForm, FieldError } from '../../components/ActionForm';
import { SubmitButton } from '../../components/SubmitButton';
import { createBmsSecretAction } from './actions';

/** A name, and optionally the products the secret may update (picked, or named by id); none means all of them. */
export function CreateSecretForm({ products }: { products: ProductChoice[] }) {
  return (
    <ActionForm action={createBmsSecretAction} aria-label="New BMS secret">
      <KeepFormValues />
      <div className={a.field}>
        <label>
          Name
          <input name="name" maxLength={100} autoComplete="off" aria-describedby="name-hint name-error" />
        </label>
        <span id="name-hint" className={a.hint}>
          Optional: what it is for, e.g. the plant or the BMS model.
        </span>
        <FieldError name="name" />
      </div>
      <fieldset aria-describedby="products-hint productIds-error">
        <legend>Products</legend>
        <p id="products-hint" className={a.hint}>
          Leave everything empty to let the secret update every product of your company, or limit it to the products
          ticked or named below.
        </p>
        {products.length > 0 ? (
          <div className={a.scopes}>
            {products.map((p) => (
              <label key={p.id} className={a.checkboxLine}>
                <input type="checkbox" name="productIds" value={p.id} />
                <span>
                  {p.name} {p.mode === 'TEST' ? <span className={a.hint}>(sandbox)</span> : null}{' '}
                  <code className={a.hint}>{p.id}</code>
                </span>
              </label>
            ))}
          </div>
        ) : null}
        <div className={a.field}>
          <label>
            Other product ids
            <textarea
              name="otherProductIds"
              rows={2}
              spellCheck={false}
              aria-describedby="otherProductIds-hint productIds-error"
            />
          </label>
          <span id="otherProductIds-hint" className={a.hint}>
            One product UUID per line.
          </span>
        </div>
        <FieldError name="productIds" />
      </fieldset>
      <SubmitButton pendingText="Creating…">Create secret</SubmitButton>
    </ActionForm>
  );
}
