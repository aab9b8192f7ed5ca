import Form from 'next/form';
import Link from 'next/link';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import s from '@/app/portal/portal.module.css';
import { AUDIT_CHANNELS, type AuditFilterValues } from '@/lib/portal/audit/filters';
import c from './audit.module.css';

interface Props {
  values: AuditFilterValues;
  eventTypes: string[];
  actorRoles: string[];
  /** The filter whose value was refused, marked invalid and linked to the message. */
  invalid?: string;
}

/** Options of a select: the known values plus the current one, so a filter from a link is never lost. */
const optionsWith = (known: readonly string[], current?: string) =>
  current && !known.includes(current) ? [...known, current] : known;

/** The filters as a GET form: the URL holds them, so a filtered view can be bookmarked, paged and exported. */
export function AuditFilterForm({ values, eventTypes, actorRoles, invalid }: Props) {
  const field = (name: keyof AuditFilterValues) =>
    invalid === name ? { 'aria-invalid': true, 'aria-describedby': 'filters-error', className: c.invalid } : {};
  const select = (name: 'event' | 'channel' | 'role', label: string, anyLabel: string, known: readonly string[]) => (
    <FilterSelect
      label={label}
      name={name}
      value={values[name]}
      anyLabel={anyLabel}
      options={optionsWith(known, values[name])}
      {...field(name)}
    />
  );
  return (
    <Form action="/portal/audit" className={s.filters} aria-label="Filter the audit trail">
      {select('event', 'Event', 'Any event', eventTypes)}
      {select('channel', 'Channel', 'Any channel', AUDIT_CHANNELS)}
      {select('role', 'Actor role', 'Any role', actorRoles)}
      <label>
        Actor id
        <input name="actor" defaultValue={values.actor ?? ''} maxLength={200} size={14} {...field('actor')} />
      </label>
      <label>
        Passport
        <input
          name="product"
          defaultValue={values.product ?? ''}
          maxLength={200}
          size={16}
          placeholder="id, slug or name"
          {...field('product')}
        />
      </label>
      <label>
        From (UTC)
        <input type="date" name="from" defaultValue={values.from ?? ''} {...field('from')} />
      </label>
      <label>
        To (UTC)
        <input type="date" name="to" defaultValue={values.to ?? ''} {...field('to')} />
      </label>
      <SubmitButton pendingText="Filtering…">Apply filters</SubmitButton>
      <Link href="/portal/audit">Clear filters</Link>
    </Form>
  );
}
