import { ActionForm } from '@/app/portal/components/ActionForm';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import { portalI18n, portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { groupFields } from '@/lib/portal/passports/form-input';
import { FIELD_GROUPS, type FieldDefinition, type FieldGroup } from '@/lib/schema/types';
import p from '../passports.module.css';
import { saveFormData } from './actions';
import { FieldInput } from './FieldInput';
import { FieldValueText } from './FieldValueText';
import { TierBadge } from './TierBadge';

/** The form data in the public viewer's groups, every tier shown; one form per group while it may be edited. */
export async function FormDataSection({
  detail,
  editable,
  readOnlyReason,
}: {
  detail: PassportDetail;
  editable: boolean;
  readOnlyReason: string | null;
}) {
  const t = await portalT('passport');
  const { schema, formData, product } = detail;
  const groups = FIELD_GROUPS.map((group) => ({ group, fields: groupFields(schema.fields, group) })).filter(
    (g) => g.fields.length > 0,
  );
  return (
    <section className={p.section} aria-labelledby="form-data-title" id="form-data">
      <h2 id="form-data-title">{t('data.title')}</h2>
      <p>
        {t('data.intro', { category: schema.category, version: String(schema.version) })}{' '}
        {editable ? t('data.editable') : readOnlyReason}
      </p>
      {groups.map(({ group, fields }) =>
        editable ? (
          <GroupForm
            key={group}
            group={group}
            fields={fields}
            formData={formData}
            productId={product.id}
            lockVersion={product.lockVersion}
          />
        ) : (
          <GroupView key={group} group={group} fields={fields} formData={formData} />
        ),
      )}
    </section>
  );
}

type GroupProps = { group: FieldGroup; fields: FieldDefinition[]; formData: Record<string, unknown> };

async function GroupView({ group, fields, formData }: GroupProps) {
  const i18n = await portalI18n();
  return (
    <section aria-labelledby={`group-${group}`}>
      <h3 id={`group-${group}`}>{i18n.group(group)}</h3>
      <dl className={p.fields}>
        {fields.map((field) => (
          <div key={field.id} id={`field-${field.id}`} data-field={field.id}>
            <dt>
              {i18n.label(field)}
              <TierBadge field={field} />
            </dt>
            <dd>
              <FieldValueText field={field} value={formData[field.id]} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

async function GroupForm({
  group,
  fields,
  formData,
  productId,
  lockVersion,
}: GroupProps & { productId: string; lockVersion: number }) {
  const t = await portalT('passport');
  const i18n = await portalI18n();
  const title = i18n.group(group);
  // English names the group in lower case within the button's words; German keeps its nouns' capitals.
  const inSentence = i18n.locale === 'en' ? title.toLowerCase() : title;
  return (
    <section aria-labelledby={`group-${group}`}>
      <h3 id={`group-${group}`}>{title}</h3>
      <ActionForm
        action={saveFormData}
        successMessage={t('data.saved', { group: title })}
        className={p.groupForm}
        aria-label={t('data.formLabel', { group: title })}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="group" value={group} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <KeepFormValues always />
        {fields.map((field) => (
          <FieldInput key={field.id} field={field} value={formData[field.id]} />
        ))}
        <div>
          <SubmitButton pendingText={t('data.saving')}>{t('data.save', { group: inSentence })}</SubmitButton>
        </div>
      </ActionForm>
    </section>
  );
}
