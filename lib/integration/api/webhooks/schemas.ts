import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../../webhooks/events';
import { Timestamp, Uuid } from '../common';

/** Shapes of the webhook endpoints and deliveries resources, described once for validation and OpenAPI. */

const EventType = z
  .enum([...WEBHOOK_EVENT_TYPES, '*'])
  .describe("An event type, or '*' for every type (present and future).");
const EventTypes = z
  .array(EventType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .describe(`Event types to receive: ${WEBHOOK_EVENT_TYPES.join(', ')}; or ['*'] for all.`)
  .meta({ example: ['product.created', 'passport.published'] });
const Url = z
  .string()
  .min(1)
  .max(2048)
  .describe(
    'Where deliveries are POSTed. https:// (http:// only for sandbox endpoints); no credentials; the host must resolve to public addresses only (checked now and at every delivery).',
  )
  .meta({ example: 'https://erp.example.com/hooks/battery-passport' });
const Description = z
  .string()
  .max(500)
  .nullable()
  .describe('Free text for your own records.')
  .meta({ example: 'ERP sync' });

export const CreateEndpointBody = z
  .strictObject({
    url: Url,
    description: Description.optional(),
    eventTypes: EventTypes,
  })
  .meta({
    examples: [
      {
        url: 'https://erp.example.com/hooks/battery-passport',
        description: 'ERP sync',
        eventTypes: ['product.created', 'passport.published'],
      },
    ],
  });

export const UpdateEndpointBody = z
  .strictObject({
    url: Url.optional(),
    description: Description.optional(),
    eventTypes: EventTypes.optional(),
    enabled: z
      .boolean()
      .optional()
      .describe(
        'false pauses deliveries; true re-enables a disabled endpoint and clears disabledAt, disabledReason and failingSince.',
      ),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one member to change.' })
  .meta({ examples: [{ eventTypes: ['*'], enabled: true }] });

export const EndpointSchema = z
  .object({
    id: Uuid,
    url: z.string().describe('The delivery URL.'),
    description: z.string().nullable().describe('Free text.'),
    eventTypes: z.array(z.string()).describe("Subscribed event types, or ['*']."),
    mode: z
      .enum(['live', 'test'])
      .describe("The key's mode at creation: test endpoints receive only events of sandbox data."),
    enabled: z.boolean().describe('false: no deliveries are attempted (paused, or disabled after 5 days of failures).'),
    disabledAt: Timestamp.nullable().describe('When it was disabled.'),
    disabledReason: z.string().nullable().describe('Why it was disabled.'),
    failingSince: Timestamp.nullable().describe(
      'Start of the current run of failed attempts; 5 days of it disables the endpoint.',
    ),
    previousSecretExpiresAt: Timestamp.nullable().describe(
      'After a rotation: until then deliveries are signed with the previous secret too.',
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

export const EndpointWithSecretSchema = EndpointSchema.extend({
  secret: z
    .string()
    .describe('The signing secret (whsec_...), shown in this answer only: store it now.')
    .meta({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const AttemptSchema = z.object({
  attemptNumber: z.number().int().describe('1 for the first attempt.'),
  startedAt: Timestamp,
  durationMs: z.number().int().describe('Time to the answer or the error.'),
  responseStatus: z.number().int().nullable().describe("The receiver's HTTP status; null when none came."),
  responseExcerpt: z.string().nullable().describe('The first kilobyte of the response body.'),
  error: z
    .string()
    .nullable()
    .describe('Why the attempt failed (connection error, timeout, refused address, non-2xx status).'),
});

const DeliveryStatus = z.enum(['PENDING', 'SUCCEEDED', 'FAILED']);

export const DeliverySchema = z
  .object({
    id: Uuid,
    endpointId: Uuid,
    eventId: z
      .string()
      .describe('The event id, also the payload id and the webhook-id header (identical across attempts).'),
    eventType: z.string().describe('The event type.'),
    eventCreatedAt: Timestamp,
    status: DeliveryStatus.describe(
      'PENDING: an attempt is due at nextAttemptAt; FAILED: the retry schedule is spent.',
    ),
    attemptCount: z.number().int(),
    nextAttemptAt: Timestamp.nullable(),
    lastAttemptAt: Timestamp.nullable(),
    createdAt: Timestamp,
    attempts: z.array(AttemptSchema).describe('Every attempt, oldest first.'),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryQuery = {
  status: DeliveryStatus.optional().describe('Only deliveries in this state.'),
};
