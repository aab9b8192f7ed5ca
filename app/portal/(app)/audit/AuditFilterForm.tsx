import Form from 'next/form';
import Link from 'next/link';
import { FilterSelect } from '@/app/portal/components/FilterSelect';
import { SubmitButton } from '@/app/portal/components/SubmitButton';
import s from '@/app/portal/portal.module.css';
import { AUDIT_CHANNELS, type AuditFilterValues } from '@/lib/portal/audit/filters';
import { portalT } from '@/lib/portal/i18n';
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
export async function AuditFilterForm({ values, eventTypes, actorRoles, invalid }: Props) {
  const t = await portalT('audit');
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
    <Form action="/portal/audit" className={s.filters} aria-label={t('filter.form')}>
      {select('event', t('filter.event'), t('filter.anyEvent'), eventTypes)}
      {select('channel', t('filter.channel'), t('filter.anyChannel'), AUDIT_CHANNELS)}
      {select('role', t('filter.role'), t('filter.anyRole'), actorRoles)}
      <label>
        {t('filter.actor')}
        <input name="actor" defaultValue={values.actor ?? ''} maxLength={200} size={14} {...field('actor')} />
      </label>
      <label>
        {t('filter.product')}
        <input
          name="product"
          defaultValue={values.product ?? ''}
          maxLength={200}
          size={16}
          placeholder={t('filter.productPlaceholder')}
          {...field('product')}
        />
      </label>
      <label>
        {t('filter.from')}
        <input type="date" name="from" defaultValue={values.from ?? ''} {...field('from')} />
      </label>
      <label>
        {t('filter.to')}
        <input type="date" name="to" defaultValue={values.to ?? ''} {...field('to')} />
      </label>
      <SubmitButton pendingText={t('filter.filtering')}>{t('filter.apply')}</SubmitButton>
      <Link href="/portal/audit">{t('filter.clear')}</Link>
    </Form>
  );
}
