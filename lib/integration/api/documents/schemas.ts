import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../../documents/metadata';
import { ALLOWED_MEDIA_TYPES } from '../../../documents/sniff';
import { Timestamp, Uuid } from '../common';

/** The document view: metadata, the type sniffed from the bytes, the SHA-256, and the download address. */
export const DocumentSchema = z
  .object({
    id: Uuid,
    productId: Uuid,
    documentType: z.enum(DOCUMENT_TYPES).describe('What the document evidences.'),
    title: z.string().meta({ example: 'EU declaration of conformity 2026' }),
    language: z.string().nullable().describe('BCP 47 language tag, or null.').meta({ example: 'en' }),
    fileName: z
      .string()
      .describe('The uploaded file name, stripped of any path; for display and Content-Disposition only.')
      .meta({ example: 'doc-2026.pdf' }),
    contentType: z.enum(ALLOWED_MEDIA_TYPES).describe("Decided from the file's bytes, never from the claimed type."),
    byteLength: z.number().int().meta({ example: 48213 }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the bytes, lowercase hex (also the ETag).')
      .meta({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }),
    createdAt: Timestamp,
    downloadUrl: z.url().describe('GET it with a dpp:read key.').meta({
      example: 'https://passports.example.com/api/v1/documents/3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f/download',
    }),
  })
  .meta({ id: 'Document' });

/** The multipart parts, for the OpenAPI document (the handler parses the signed bytes itself). */
export const UploadParts = z
  .object({
    file: z
      .string()
      .describe('The file (binary). Its type is judged by its bytes: PDF, PNG, JPEG, WebP, CSV, JSON or XML.'),
    documentType: z.enum(DOCUMENT_TYPES).describe('What the document evidences.'),
    title: z.string().min(1).max(200).describe('1 to 200 characters.'),
    language: z.string().max(35).optional().describe('BCP 47 language tag (e.g. `de`, `en-GB`).'),
  })
  .meta({
    example: {
      file: '(binary)',
      documentType: 'declaration_of_conformity',
      title: 'EU declaration of conformity 2026',
      language: 'en',
    },
  });
