import { z } from 'zod';
import { defineEndpoint } from '../../endpoint';
import { PageQuery, page, Timestamp, Uuid } from '../common';

const PATH = '/api/v1/companies/me/gs1-prefixes';

export const Gs1PrefixBody = z
  .strictObject({
    prefix: z
      .string()
      .describe(
        'The GS1 Company Prefix: 4 to 12 digits, as GS1 issued it (a U.P.C. prefix with its leading 0). Anything else is 422 GS1_PREFIX_INVALID.',
      ),
  })
  .describe('Registers a GS1 Company Prefix of your company. Unknown members are refused.')
  .meta({ examples: [{ prefix: '4012345' }] });

export const Gs1PrefixSchema = z
  .object({
    id: Uuid.describe('The registration id.'),
    prefix: z.string().describe('The GS1 Company Prefix.'),
    createdAt: Timestamp.describe('When it was registered.'),
  })
  .meta({ id: 'Gs1Prefix' });

export const listGs1PrefixesEndpoint = defineEndpoint({
  method: 'GET',
  path: PATH,
  operationId: 'listGs1Prefixes',
  summary: "List your company's GS1 Company Prefixes",
  description:
    'The prefixes the publication gate checks product GTINs against. Company-wide: live and sandbox keys read the same list.',
  tag: 'GS1 prefixes',
  scope: 'dpp:read',
  query: PageQuery,
  response: { status: 200, description: 'One page of prefixes, oldest first.', schema: page(Gs1PrefixSchema) },
});

export const addGs1PrefixEndpoint = defineEndpoint({
  method: 'POST',
  path: PATH,
  operationId: 'addGs1Prefix',
  summary: 'Register a GS1 Company Prefix',
  description:
    'A prefix belongs to one licensee: one that overlaps a prefix registered to another company (either starts with ' +
    'the other) is 422 GS1_PREFIX_INVALID. Registering a prefix your company already holds answers 200 with the ' +
    'existing registration. Prefixes govern live GTINs, so sandbox keys may read them but not register them (403 CROSS_MODE_DENIED).',
  tag: 'GS1 prefixes',
  scope: 'dpp:draft:write',
  liveOnly: true,
  body: Gs1PrefixBody,
  response: {
    status: 201,
    description: 'The prefix registered (200 when your company already held it).',
    schema: Gs1PrefixSchema,
  },
  errors: ['GS1_PREFIX_INVALID'],
});
