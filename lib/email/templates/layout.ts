import type { Locale } from '../../i18n/locales';
import { i18nFor } from '../../i18n/translator';
import { asOneLine } from '../../storable-text';

/** The service's name as the mails sign with it. */
export const PRODUCT_NAME = 'Battery Passport Service';

export interface EmailContent {
  subject: string;
  /** The greeting line, without punctuation at the end. */
  greeting: string;
  /** Plain paragraphs; rendered escaped in HTML. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (validity, what to do if the mail was unexpected). */
  after?: string[];
  /** Who the mail is sent on behalf of: the passport's manufacturer. */
  companyName: string;
  /** The mail's language (its own words are the template's): English unless given. */
  locale?: Locale;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

// A line break or a header-like control character in a subject would break the message; names come from a form.
const oneLine = (text: string): string => asOneLine(text);

/**
 * A value someone typed into a form (a requester's name, organisation and email, a decision's reason), as every
 * mail shows it: on one line (line breaks and other control characters become a space) and between quotation marks,
 * so it can never pass for a line or a sentence of the mail's own. The same words go to the text and the HTML part.
 * The manufacturer's own names (company, product) are folded onto one line by renderEmail without quotes.
 */
export const quoted = (value: string): string => `“${asOneLine(value)}”`;

function signature(companyName: string, locale: Locale): string {
  return i18nFor(locale).t('email.signature', { company: companyName });
}

/** One mail in plain text and HTML with the same words; every value is escaped in the HTML. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const locale = content.locale ?? 'en';
  // Templates write one line per paragraph; a line break that slipped into one is folded here, in both parts.
  const greeting = oneLine(content.greeting);
  const paragraphs = content.paragraphs.map(oneLine);
  const after = (content.after ?? []).map(oneLine);
  const text = [
    `${greeting},`,
    ...paragraphs,
    ...(content.action ? [`${oneLine(content.action.label)}:\n${oneLine(content.action.url)}`] : []),
    ...after,
    `-- \n${oneLine(signature(content.companyName, locale))}`,
  ].join('\n\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#064e3b;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;color:#374151">${escapeHtml(i18nFor(locale).t('email.copyAddress', { url: content.action.url }))}</p>`
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5;max-width:36rem">',
    p(`${greeting},`),
    ...paragraphs.map(p),
    button,
    ...after.map(p),
    `<p style="margin:24px 0 0;font-size:14px;color:#374151">${escapeHtml(signature(content.companyName, locale))}</p>`,
    '</body></html>',
  ].join('');
  return { subject: oneLine(content.subject), text, html, links: content.action ? [content.action.url] : [] };
}
