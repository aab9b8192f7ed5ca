import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../../scripts/generate-client-types';

describe("the client's generated types", () => {
  it('are what npm run generate:client makes of the current Integration API document', async () => {
    const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8');
    const generated = await clientTypesSource();
    if (committed !== generated)
      expect.fail(
        'lib/client/openapi-types.ts differs from the OpenAPI document the server builds: run npm run generate:client',
      );
  });
});
