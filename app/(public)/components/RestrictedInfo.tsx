import type { I18n } from '@/lib/i18n/translator';
import { POLI_ROLES } from '@/lib/poli/roles';
import { type PoliFormText, PoliRequestForm } from './PoliRequestForm';
import styles from './viewer.module.css';

export const RESTRICTED_ACCESS_ANCHOR = 'restricted-access';

/** The form's words in the reader's language. */
function formText({ t }: I18n, company: string): PoliFormText {
  const roleLabel = (role: (typeof POLI_ROLES)[number]) =>
    t('poli.roleWithTier', { role: t(`poli.roles.${role.role}`), tier: t(`poli.tiers.${role.tier}`) });
  const group = (tier: 'LEGITIMATE_INTEREST' | 'AUTHORITY', label: string) => ({
    label,
    roles: POLI_ROLES.filter((r) => r.tier === tier).map((r) => ({ value: r.role, label: roleLabel(r) })),
  });
  return {
    label: t('poli.form.label'),
    sentTitle: t('poli.form.sentTitle'),
    outcomes: {
      sent: t('poli.form.sent'),
      throttled: t('poli.form.throttled'),
      unavailable: t('poli.form.unavailable'),
      failed: t('poli.form.failed'),
      invalid: t('poli.form.invalid'),
    },
    email: t('poli.form.email'),
    name: t('poli.form.name'),
    organisation: t('poli.form.organisation'),
    role: t('poli.form.role'),
    roleHint: t('poli.form.roleHint'),
    chooseRole: t('poli.form.chooseRole'),
    groups: [
      group('LEGITIMATE_INTEREST', t('poli.form.groupLegitimate')),
      group('AUTHORITY', t('poli.form.groupAuthority')),
    ],
    trap: t('poli.form.trap'),
    consent: t('poli.form.consent', { company }),
    submit: t('poli.form.submit'),
    sending: t('poli.form.sending'),
  };
}

/** The access request for restricted (PoLI-tier) fields: who may ask, and the form to ask with. */
export function RestrictedInfo({
  productId,
  companyName,
  path,
  i18n,
}: {
  productId: string;
  companyName: string;
  /** The passport's address: the form's answer without script comes back to it, in this language. */
  path: string;
  i18n: I18n;
}) {
  const { t } = i18n;
  return (
    <section id={RESTRICTED_ACCESS_ANCHOR} className={styles.restricted} aria-labelledby="restricted-title">
      <h2 id="restricted-title">{t('poli.title')}</h2>
      <p>{t('poli.intro', { company: companyName })}</p>
      <p>{t('poli.process', { company: companyName })}</p>
      <PoliRequestForm
        productId={productId}
        permalink={`${path}?lang=${i18n.locale}#${RESTRICTED_ACCESS_ANCHOR}`}
        text={formText(i18n, companyName)}
      />
    </section>
  );
}
