import { type PortalTranslator, portalTranslator } from '../../i18n/portal-messages';

/** Words of the audit trail's messages (messages/portal/<code>/audit.json): `portalT('audit')` or English. */
export type AuditWords = PortalTranslator;

/** The audit messages in English: what the trail's helpers say when no operator's language is given. */
export const ENGLISH_AUDIT: AuditWords = portalTranslator('en', 'audit');
