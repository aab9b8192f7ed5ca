import { FieldError } from '@/app/portal/components/ActionForm';
import { type PortalTranslator, portalI18n, portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import { inputText } from '@/lib/portal/passports/form-input';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';
import { fieldHint } from './field-hints';
import { TierBadge } from './TierBadge';

const LONG_TEXT = 300;

/**
 * One schema field as a form control, labelled in the operator's language. No browser-side constraints: the server
 * applies the API's rules, so the message an operator reads is the one an integrator gets for the same value.
 */
export async function FieldInput({ field, value }: { field: FieldDefinition; value: unknown }) {
  const t = await portalT('passport');
  const i18n = await portalI18n();
  const l = await portalLabels();
  const id = `field-${field.id}`;
  const describedBy = `${field.id}-hint ${field.id}-error`;
  // English writes the tier in lower case within the hint's sentence; German keeps its nouns' capitals.
  const tier = (f: FieldDefinition) => (l.locale === 'en' ? l.tier(f.access).toLowerCase() : l.tier(f.access));
  const label = (
    <>
      {i18n.label(field)}
      {field.unit ? ` (${field.unit})` : ''}
      <TierBadge field={field} />
    </>
  );
  const hint = (
    <span id={`${field.id}-hint`} className={p.hint}>
      {fieldHint(field, { t, tier })}
    </span>
  );
  if (field.type === 'multi_enum') {
    const chosen = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    // Stored values the options no longer list stay visible and checked, so saving the group keeps them.
    const options = [
      ...(field.options ?? []).map((o) => ({ value: o.value, label: i18n.fmt.optionLabel(field, o.value) })),
      ...chosen
        .filter((v) => !field.options?.some((o) => o.value === v))
        .map((v) => ({ value: v, label: t('data.notAnOption', { value: v }) })),
    ];
    return (
      <fieldset className={p.field} aria-describedby={describedBy} id={id}>
        <legend>{label}</legend>
        <div className={p.options}>
          {options.map((o) => (
            <label key={o.value}>
              <input type="checkbox" name={field.id} value={o.value} defaultChecked={chosen.includes(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
        {hint}
        <FieldError name={field.id} />
      </fieldset>
    );
  }
  return (
    <div className={p.field}>
      <label htmlFor={id}>{label}</label>
      <Control
        field={field}
        id={id}
        describedBy={describedBy}
        text={inputText(field, value)}
        t={t}
        option={(v) => i18n.fmt.optionLabel(field, v)}
      />
      {hint}
      <FieldError name={field.id} />
    </div>
  );
}

function Control({
  field,
  id,
  describedBy,
  text,
  t,
  option,
}: {
  field: FieldDefinition;
  id: string;
  describedBy: string;
  text: string;
  t: PortalTranslator;
  /** An option's label in the operator's language. */
  option: (value: string) => string;
}) {
  const common = { id, name: field.id, 'aria-describedby': describedBy, defaultValue: text };
  switch (field.type) {
    case 'boolean':
      return (
        <select {...common}>
          <option value="">{t('data.notProvided')}</option>
          {text !== '' && text !== 'true' && text !== 'false' ? (
            <option value={text}>{t('data.notBoolean', { value: text })}</option>
          ) : null}
          <option value="true">{t('data.yes')}</option>
          <option value="false">{t('data.no')}</option>
        </select>
      );
    case 'enum': {
      const options = field.options ?? [];
      // A stored value the options do not list stays selected, so saving the group does not drop it silently.
      const stray = text !== '' && !options.some((o) => o.value === text);
      return (
        <select {...common}>
          <option value="">{t('data.notProvided')}</option>
          {stray ? <option value={text}>{t('data.notAnOption', { value: text })}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {option(o.value)}
            </option>
          ))}
        </select>
      );
    }
    case 'array':
      return <textarea {...common} rows={Math.min(12, Math.max(4, text.split('\n').length))} spellCheck={false} />;
    case 'number':
    case 'integer':
      return (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
        />
      );
    case 'url':
      return <input {...common} type="text" inputMode="url" autoComplete="off" />;
    case 'string':
      return (field.maxLength ?? Infinity) > LONG_TEXT ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} type="text" autoComplete="off" />
      );
    default:
      return <input {...common} type="text" autoComplete="off" />;
  }
}
