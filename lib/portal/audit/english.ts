import { createTranslator } from 'use-intl/core';
import { PORTAL_MESSAGES } from '../../i18n/portal-messages';

/** Words of the audit trail's messages (messages/portal/<code>/audit.json): `portalT('audit')` or English. */
export type AuditWords = (key: string, values?: Record<string, string | number | Date>) => string;

const translate = createTranslator({ locale: 'en', messages: PORTAL_MESSAGES.en, namespace: 'audit', timeZone: 'UTC' });

/** The audit messages in English: what the trail's helpers say when no operator's language is given. */
export const ENGLISH_AUDIT: AuditWords = (key, values) =>
  (translate as (k: string, v?: Record<string, unknown>) => string)(key, values);
