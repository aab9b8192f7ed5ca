import { pageBody, pageInput } from '@/lib/integration/api/paging';
import { addGs1PrefixEndpoint, listGs1PrefixesEndpoint } from '@/lib/integration/api/relations/gs1-prefixes';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { addGs1Prefix } from '@/lib/passport/relations/add-gs1-prefix';
import { listGs1Prefixes } from '@/lib/passport/relations/list-gs1-prefixes';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listGs1PrefixesEndpoint, async ({ ctx, db, query }) =>
  json(pageBody(await listGs1Prefixes({ ctx, db, input: pageInput(query) }))),
);

export const POST = integrationRoute(addGs1PrefixEndpoint, async ({ ctx, db, body }) => {
  const { prefix, created } = await addGs1Prefix({ ctx, db, input: { prefix: body.prefix } });
  return json(prefix, created ? 201 : 200);
});
