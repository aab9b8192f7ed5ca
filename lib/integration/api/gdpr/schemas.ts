import { z } from 'zod';
import { Timestamp, Uuid } from '../common';

/** Shapes of the GDPR operations, described once for validation and the OpenAPI document. */

export const SubjectBody = z
  .strictObject({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email())
      .describe("The data subject's email address; matched case-insensitively, surrounding blanks ignored.")
      .meta({ example: 'jane.doe@repairer.example' }),
  })
  .describe('The data subject of the request.')
  .meta({ examples: [{ email: 'jane.doe@repairer.example' }] });

const Nullable = (schema: z.ZodType, description: string) => schema.nullable().describe(description);

const PoliRequestItem = z
  .object({
    id: Uuid,
    productId: Uuid.describe('The passport the access request is about.'),
    email: z.string().describe('Requester address.'),
    name: z.string().describe('Requester name.'),
    organisation: z.string().describe('Requester organisation.'),
    role: z.string().describe('Declared PoLI role.'),
    tier: z.string().describe('Access tier requested.'),
    status: z.string().describe('Request status.'),
    createdAt: Timestamp,
    verifiedAt: Nullable(Timestamp, 'When the address was verified.'),
    decidedAt: Nullable(Timestamp, 'When the company decided.'),
    rejectionReason: Nullable(z.string(), 'Reason given with a rejection.'),
    accessTokenExpiresAt: Nullable(Timestamp, 'Expiry of the access link sent.'),
    accessTokenUsedAt: Nullable(Timestamp, 'When the access link was used.'),
  })
  .describe('A restricted-access (PoLI) request by the address.');

const PoliGrantItem = z
  .object({
    id: Uuid,
    requestId: Uuid.describe('The PoLI request it came from.'),
    productId: Uuid.describe('The passport it opens.'),
    tier: z.string().describe('Access tier granted.'),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    revokedAt: Nullable(Timestamp, 'When it was revoked.'),
    lastSeenAt: Nullable(Timestamp, 'Last use.'),
  })
  .describe('A browser grant produced by one of those requests.');

const OperatorItem = z
  .object({
    id: Uuid,
    email: z.string().describe('Sign-in address.'),
    name: Nullable(z.string(), 'Display name.'),
    role: z.string().describe('Portal role.'),
    createdAt: Timestamp,
    disabledAt: Nullable(Timestamp, 'When the account was disabled.'),
    lastLoginAt: Nullable(Timestamp, 'Last sign-in.'),
  })
  .describe('An operator account of the company with that address (never a password hash).');

const EmailItem = z
  .object({
    id: Uuid,
    to: z.string().describe('Recipient.'),
    subject: z.string().describe('Subject line.'),
    text: z.string().describe('Plain-text body.'),
    html: z.string().describe('HTML body.'),
    status: z.string().describe('Delivery status.'),
    createdAt: Timestamp,
    sentAt: Nullable(Timestamp, 'When it was sent.'),
  })
  .describe("An outbox mail to the address, or one of the company's mails naming it.");

const AuditItem = z
  .object({
    id: Uuid,
    eventType: z.string().describe('What happened.'),
    actorRole: z.string().describe('Who did it (role).'),
    actorId: Nullable(z.string(), 'Who did it (user, key or system id).'),
    channel: z.string().describe('Portal, API or System.'),
    productId: Nullable(Uuid, 'The passport concerned.'),
    context: z
      .record(z.string(), z.unknown())
      .describe('Event details (ids, never addresses).')
      .meta({ example: { requestId: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f' } }),
    createdAt: Timestamp,
  })
  .describe('An audit entry about one of those rows or written by that operator.');

export const SubjectData = z
  .object({
    subject: z
      .object({ email: z.string().describe('The normalised address asked about.') })
      .describe('The data subject.'),
    generatedAt: Timestamp.describe('When the answer was assembled.'),
    poliRequests: z.array(PoliRequestItem).describe('Restricted-access requests.'),
    poliGrants: z.array(PoliGrantItem).describe('Grants of those requests.'),
    operatorAccounts: z.array(OperatorItem).describe('Operator accounts.'),
    emails: z.array(EmailItem).describe('Outbox mails.'),
    auditEntries: z.array(AuditItem).describe('Audit entries.'),
  })
  .describe("Everything the key's company holds about the address.");

export const SubjectExport = SubjectData.extend({
  format: z
    .literal('battery-passport-gdpr-export/1')
    .describe('Export format and version; a new version when a member changes meaning.'),
}).describe("A machine-readable export of the subject's data (Art. 20 GDPR).");

export const EraseResult = z
  .object({
    erased: z
      .object({
        poliRequests: z.number().int().describe('PoLI requests pseudonymised (tokens revoked, names cleared).'),
        poliGrants: z.number().int().describe('Grants revoked.'),
        emails: z.number().int().describe('Outbox mails pseudonymised.'),
        operatorAccounts: z.number().int().describe('Operator accounts disabled and pseudonymised.'),
      })
      .describe('What was erased, by kind.'),
  })
  .describe('The outcome of an erasure.');
