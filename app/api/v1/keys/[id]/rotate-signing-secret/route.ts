import { rotateSigningSecretEndpoint } from '@/lib/integration/api/keys';
import { parseId } from '@/lib/integration/input';
import { rotateSigningSecret } from '@/lib/integration/key-admin/rotate-signing-secret';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof rotateSigningSecretEndpoint, { id: string }>(
  rotateSigningSecretEndpoint,
  async ({ ctx, db, params }) =>
    json(await rotateSigningSecret({ ctx, db, input: { keyId: parseId(params.id, 'key') } })),
);
