import type { SelectHTMLAttributes } from 'react';

/**
 * One filter of a list as a labelled select: the empty choice (`anyLabel`) filters nothing out. `options` maps each
 * value to its label, or lists values that are their own labels, in the order shown.
 */
export function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  options,
  ...attributes
}: {
  label: string;
  name: string;
  value: string | undefined;
  anyLabel: string;
  options: Readonly<Record<string, string>> | readonly string[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'defaultValue' | 'value'>) {
  const choices = Array.isArray(options) ? options.map((v) => [v, v]) : Object.entries(options);
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ''} {...attributes}>
        <option value="">{anyLabel}</option>
        {choices.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
