import { z } from 'zod';

/** The kinds of evidence a battery passport cites (Battery Regulation annexes), plus `other`. */
export const DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'test_report',
  'safety_data_sheet',
  'carbon_footprint_study',
  'recycled_content_evidence',
  'due_diligence_report',
  'user_manual',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** BCP 47 language tag in its common shape: ISO 639 language, optional script, region and variants. */
export const LANGUAGE_TAG =
  /^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|\d{3}))?(-([a-zA-Z\d]{5,8}|\d[a-zA-Z\d]{3}))*$/;

export const DocumentMetadata = z.object({
  documentType: z
    .enum(DOCUMENT_TYPES)
    .describe('What the document evidences.')
    .meta({ example: 'declaration_of_conformity' }),
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('Human-readable title, 1 to 200 characters.')
    .meta({ example: 'EU declaration of conformity 2026' }),
  language: z
    .string()
    .regex(LANGUAGE_TAG)
    .max(35)
    .optional()
    .describe('BCP 47 language tag of the content (ISO 639-1 such as `de`, or `en-GB`).')
    .meta({ example: 'en' }),
});
export type DocumentMetadata = z.infer<typeof DocumentMetadata>;

/** A display name only: no path, no control or quote characters, at most 200 characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  // Unpaired surrogates (sent, or left by the cut at 200) would be stored as U+FFFD: dropped instead.
  return cleaned.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '') || 'document';
}
