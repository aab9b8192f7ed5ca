import { z } from 'zod';
import { DEFAULT_GRACE_HOURS, MAX_GRACE_HOURS } from '../../key-admin/rotate';
import { KEY_STATUSES } from '../../key-admin/view';
import { MAX_KEY_LIFETIME_DAYS } from '../../keys';
import { ALL_SCOPES } from '../../scopes';
import { Timestamp, Uuid } from '../common';

/** Shapes of the keys resource, described once for validation and the OpenAPI document. */

const KeyMode = z
  .enum(['live', 'test'])
  .describe('live keys start pk_live_, sandbox keys pk_test_ and must send X-Service-Mode: test.');
const Name = z
  .string()
  .min(1)
  .max(100)
  .describe('What the key is for, 1 to 100 characters; shown in lists.')
  .meta({ example: 'ERP export (production)' });
const Cidrs = z
  .array(z.string().max(64))
  .max(50)
  .describe(
    'IPv4/IPv6 CIDR ranges (or bare addresses) the key may be used from; empty means anywhere. Invalid entries are named in VALIDATION_ERROR.',
  )
  .meta({ example: ['203.0.113.0/24', '2001:db8::/32'] });

export const MintKeyBody = z
  .strictObject({
    name: Name,
    scopes: z
      .array(z.enum(ALL_SCOPES))
      .min(1)
      .max(ALL_SCOPES.length)
      .describe(
        'Grantable scopes for the new key. The privileged keys:admin and gdpr:admin are refused (VALIDATION_ERROR naming them): they are minted in the portal only.',
      )
      .meta({ example: ['dpp:read', 'dpp:draft:write'] }),
    mode: KeyMode,
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_KEY_LIFETIME_DAYS)
      .optional()
      .describe(`Lifetime in whole days, 1 to ${MAX_KEY_LIFETIME_DAYS}; default 365.`)
      .meta({ example: 365 }),
    allowedCidrs: Cidrs.optional(),
  })
  .meta({
    examples: [
      {
        name: 'ERP export (production)',
        scopes: ['dpp:read', 'dpp:draft:write'],
        mode: 'live',
        expiresInDays: 365,
        allowedCidrs: ['203.0.113.0/24'],
      },
    ],
  });

export const UpdateKeyBody = z
  .strictObject({
    name: Name.optional(),
    allowedCidrs: Cidrs.optional().describe(
      'Replaces the allow-list; an empty list removes the restriction. Effective on the next request.',
    ),
  })
  .refine((b) => b.name !== undefined || b.allowedCidrs !== undefined, {
    message: 'Name at least one member to change.',
  })
  .meta({ examples: [{ name: 'ERP export (production, EU)', allowedCidrs: ['203.0.113.0/24'] }] });

export const RotateKeyBody = z
  .strictObject({
    graceHours: z
      .number()
      .int()
      .min(0)
      .max(MAX_GRACE_HOURS)
      .optional()
      .describe(`How long the old key keeps working, 0 to ${MAX_GRACE_HOURS} hours; default ${DEFAULT_GRACE_HOURS}.`)
      .meta({ example: 24 }),
  })
  .meta({ examples: [{ graceHours: 24 }] });

export const BulkRevokeBody = z
  .strictObject({
    ids: z
      .array(Uuid)
      .min(1)
      .max(500)
      .optional()
      .describe("Keys to revoke; unknown ids and other companies' ids are ignored."),
    all: z
      .boolean()
      .optional()
      .describe('Revoke every key of the company (of the modes this key manages) instead of naming ids.'),
    mode: KeyMode.optional().describe('Only keys of this mode.'),
    exceptSelf: z.boolean().optional().describe('Leave the calling key alone; default true.'),
  })
  .refine((b) => b.all === true || (b.ids !== undefined && b.ids.length > 0), {
    message: 'Name the keys in ids, or send all: true.',
  })
  .meta({ examples: [{ ids: ['3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f'], exceptSelf: true }] });

export const KeyQueryFilters = {
  status: z
    .enum(KEY_STATUSES)
    .optional()
    .describe('active, grace (rotated, still working), expired (past expiresAt or its grace) or revoked.')
    .meta({ example: 'active' }),
  mode: KeyMode.optional().describe('Only keys of this mode.'),
};

export const KeySchema = z.object({
  id: Uuid,
  name: z.string().describe('What the key is for.'),
  displayPrefix: z
    .string()
    .describe('The first characters of the key, to recognise it; never the key.')
    .meta({ example: 'pk_live_7Hq2' }),
  scopes: z.array(z.string()).describe('Granted scopes.'),
  mode: KeyMode,
  allowedCidrs: z.array(z.string()).describe('Canonical CIDR allow-list; empty means anywhere.'),
  expiresAt: Timestamp.nullable().describe('When the key stops working.'),
  revokedAt: Timestamp.nullable().describe('When the key was revoked, or null.'),
  graceUntil: Timestamp.nullable().describe("After a rotation: the end of the old key's grace period."),
  rotatedFromId: Uuid.nullable().describe('The key this one replaced by rotation, or null.'),
  lastUsedAt: Timestamp.nullable().describe('Last authenticated request (updated at most once a minute).'),
  createdAt: Timestamp.describe('When the key was minted.'),
  status: z.enum(KEY_STATUSES).describe('active, grace, expired or revoked.'),
});

export const MintedKeySchema = KeySchema.extend({
  key: z
    .string()
    .describe('The API key in clear: shown in this answer only; store it in a secret manager.')
    .meta({ example: 'pk_live_7Hq2…' }),
  signingSecret: z
    .string()
    .describe('The HMAC signing secret in clear: shown in this answer only.')
    .meta({ example: 'sk_…' }),
});

export const SigningSecretSchema = KeySchema.extend({
  signingSecret: z
    .string()
    .describe('The new signing secret in clear: shown in this answer only; the old one no longer verifies.')
    .meta({ example: 'sk_…' }),
});

export const BulkRevokeSchema = z.object({ revoked: z.array(Uuid).describe('The keys this request revoked.') });
