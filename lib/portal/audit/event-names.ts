import { PORTAL_MESSAGES } from '../../i18n/portal-messages';
import { type AuditWords, ENGLISH_AUDIT } from './english';

/**
 * Audit event types in words, as the trail shows them (the stored type stays in the CSV export and the filter): the
 * `event.<type>` messages of the audit area. An event without a message reads as its type split into words
 * ("PoliRequestCreated" → "Poli request created"), so a new event is never shown as a bare identifier.
 */
const NAMED_EVENTS: ReadonlySet<string> = new Set(Object.keys(PORTAL_MESSAGES.en.audit.event));

/** An event type as words in the operator's language (`t`, English by default), else its own words in sentence case. */
export function eventName(eventType: string, t: AuditWords = ENGLISH_AUDIT): string {
  if (NAMED_EVENTS.has(eventType)) return t(`event.${eventType}`);
  const words = eventType
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  if (!words[0]) return eventType;
  return [words[0], ...words.slice(1).map((w) => (/^[A-Z0-9]+$/.test(w) ? w : w.toLowerCase()))].join(' ');
}
