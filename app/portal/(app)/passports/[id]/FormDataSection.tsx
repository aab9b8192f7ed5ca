import { ActionForm } from '@/app/portal/components/ActionForm';
import { KeepFormValues } from '@/app/portal/components/KeepFormValues';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import { groupFields } from '@/lib/portal/passports/form-input';
import { GROUP_TITLES } from '@/lib/schema/public-fields';
import { FIELD_GROUPS, type FieldDefinition, type FieldGroup } from '@/lib/schema/types';
import p from '../passports.module.css';
import { saveFormData } from './actions';
import { FieldInput } from './FieldInput';
import { FieldValueText } from './FieldValueText';
import { TierBadge } from './TierBadge';

/** The form data in the public viewer's groups, every tier shown; one form per group while it may be edited. */
export function FormDataSection({
  detail,
  editable,
  readOnlyReason,
}: {
  detail: PassportDetail;
  editable: boolean;
  readOnlyReason: string | null;
}) {
  const { schema, formData, product } = detail;
  const groups = FIELD_GROUPS.map((group) => ({ group, fields: groupFields(schema.fields, group) })).filter(
    (g) => g.fields.length > 0,
  );
  return (
    <section className={p.section} aria-labelledby="form-data-title" id="form-data">
      <h2 id="form-data-title">Form data</h2>
      <p>
        {schema.category} field schema version {schema.version}. Restricted fields are marked with their access tier.{' '}
        {editable
          ? 'Each group is saved on its own, validated exactly as the Integration API validates it.'
          : readOnlyReason}
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

function GroupView({ group, fields, formData }: GroupProps) {
  return (
    <section aria-labelledby={`group-${group}`}>
      <h3 id={`group-${group}`}>{GROUP_TITLES[group]}</h3>
      <dl className={p.fields}>
        {fields.map((field) => (
          <div key={field.id} id={`field-${field.id}`} data-field={field.id}>
            <dt>
              {field.label}
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

function GroupForm({
  group,
  fields,
  formData,
  productId,
  lockVersion,
}: GroupProps & { productId: string; lockVersion: number }) {
  const title = GROUP_TITLES[group];
  return (
    <section aria-labelledby={`group-${group}`}>
      <h3 id={`group-${group}`}>{title}</h3>
      <ActionForm
        action={saveFormData}
        successMessage={`${title} saved.`}
        className={p.groupForm}
        aria-label={`${title} form data`}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="group" value={group} />
        <input type="hidden" name="lockVersion" value={lockVersion} />
        <KeepFormValues always />
        {fields.map((field) => (
          <FieldInput key={field.id} field={field} value={formData[field.id]} />
        ))}
        <div>
          <SubmitButton pendingText="Saving…">Save {title.toLowerCase()}</SubmitButton>
        </div>
      </ActionForm>
    </section>
  );
}
