import { z } from 'zod';
import { REASON_NAMES, STATUS_NAMES } from '../../../passport/handover/terms';
import { Timestamp, Uuid } from '../common';
import { ProductSchema } from '../products/schemas';

const Reason = z
  .enum(REASON_NAMES)
  .describe('Why the battery goes on under a new passport (Art. 77(7) of Regulation (EU) 2023/1542).');

export const OfferHandoverBody = z
  .strictObject({
    reason: Reason,
    toCompany: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .describe(
        'The receiving company of the service, by its public identifier: its slug, the last segment of its issuer ' +
          'DID (did:web:{host}:issuers:{slug}). Give this or successorUri.',
      ),
    successorUri: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .nullable()
      .optional()
      .describe(
        'A successor outside the service: the http(s) address of its passport, recorded at once as stated by the ' +
          'previous operator (shown as such, not as a verified link). Give this or toCompany.',
      ),
    note: z.string().max(1000).nullable().optional().describe('One line for the receiving company.'),
  })
  .meta({
    example: { reason: 'repurposed', toCompany: 'second-life-storage', note: 'Pack 7 for stationary storage.' },
  });

export const AcceptHandoverBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .describe("The successor draft's name; default: the original's name and the reason."),
  })
  .meta({ example: { name: 'Second-life storage pack 7' } });

export const DeclineHandoverBody = z
  .strictObject({
    reason: z.string().max(1000).nullable().optional().describe('One line the offering company reads.'),
  })
  .meta({ example: { reason: 'No capacity for this chemistry.' } });

const Company = z.object({ slug: z.string(), name: z.string() });

export const HandoverSchema = z
  .object({
    id: Uuid,
    direction: z.enum(['outgoing', 'incoming']).describe("Whether the calling key's company offered or receives it."),
    status: z
      .enum(STATUS_NAMES)
      .describe(
        'offered → accepted, declined or expired (30 days unanswered; read as expired from that moment); stated: a ' +
          'successor outside the service recorded at once.',
      ),
    reason: Reason,
    product: z
      .object({
        id: Uuid.nullable().describe("The original's id: the offering side only."),
        slug: z.string(),
        name: z.string(),
        url: z.string().describe("The original's public address."),
      })
      .describe('The original passport.'),
    fromCompany: Company,
    toCompany: Company.nullable().describe('Null for a successor outside the service.'),
    successorUri: z.string().nullable(),
    note: z.string().nullable(),
    offeredAt: Timestamp,
    expiresAt: Timestamp,
    decidedAt: Timestamp.nullable(),
    successor: z
      .object({
        id: Uuid.nullable().describe("The receiving side's draft id; null for the offering side."),
        slug: z.string().nullable().describe('Null for the offering side until the successor is published.'),
        url: z.string().nullable().describe("The successor's public address once it is published."),
        published: z.boolean(),
      })
      .nullable()
      .describe('The successor passport once the offer is accepted.'),
    redeclare: z
      .array(z.string())
      .describe('Field ids the new operator declares again (they start empty; battery_status from the reason).'),
  })
  .meta({ id: 'Handover' });

export const HandoverListSchema = z.object({ data: z.array(HandoverSchema) }).meta({ id: 'HandoverList' });

export const HandoverListQuery = z.object({
  direction: z.enum(['incoming', 'outgoing']).optional().describe('Only offers received, or only offers made.'),
});

export const AcceptedHandoverSchema = z
  .object({ handover: HandoverSchema, product: ProductSchema.describe("The successor draft in the caller's company.") })
  .meta({ id: 'AcceptedHandover' });
