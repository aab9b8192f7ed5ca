import { FieldError } from '@/app/portal/components/ActionForm';
import { inputText } from '@/lib/portal/passports/form-input';
import type { FieldDefinition } from '@/lib/schema/types';
import p from '../passports.module.css';
import { fieldHint } from './field-hints';
import { TierBadge } from './TierBadge';

const LONG_TEXT = 300;

/**
 * One schema field as a form control. No browser-side constraints: the server applies the API's rules, so the
 * message an operator reads is the one an integrator gets for the same value.
 */
export function FieldInput({ field, value }: { field: FieldDefinition; value: unknown }) {
  const id = `field-${field.id}`;
  const describedBy = `${field.id}-hint ${field.id}-error`;
  const label = (
    <>
      {field.label}
      {field.unit ? ` (${field.unit})` : ''}
      <TierBadge field={field} />
    </>
  );
  const hint = (
    <span id={`${field.id}-hint`} className={p.hint}>
      {fieldHint(field)}
    </span>
  );
  if (field.type === 'multi_enum') {
    const chosen = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    // Stored values the options no longer list stay visible and checked, so saving the group keeps them.
    const options = [
      ...(field.options ?? []),
      ...chosen
        .filter((v) => !field.options?.some((o) => o.value === v))
        .map((v) => ({ value: v, label: `${v} (not an option)` })),
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
      <Control field={field} id={id} describedBy={describedBy} text={inputText(field, value)} />
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
}: {
  field: FieldDefinition;
  id: string;
  describedBy: string;
  text: string;
}) {
  const common = { id, name: field.id, 'aria-describedby': describedBy, defaultValue: text };
  switch (field.type) {
    case 'boolean':
      return (
        <select {...common}>
          <option value="">Not provided</option>
          {text !== '' && text !== 'true' && text !== 'false' ? (
            <option value={text}>{text} (not true or false)</option>
          ) : null}
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
    case 'enum': {
      const options = field.options ?? [];
      // A stored value the options do not list stays selected, so saving the group does not drop it silently.
      const stray = text !== '' && !options.some((o) => o.value === text);
      return (
        <select {...common}>
          <option value="">Not provided</option>
          {stray ? <option value={text}>{text} (not an option)</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
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
