// The wrapper's DB-test kit: probe endpoints defined here (never shipped as routes), a tenant with a minted key,
// and Requests built the way the custom server and the middleware hand them to a route.
import { z } from 'zod';
import { signIntegrationRequest } from '../lib/client/signing';
import { prisma, type Tx } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import { rowsOn, type SqlTx } from '../lib/db/sql';
import { ServiceError } from '../lib/errors';
import { CLIENT_IP_HEADER } from '../lib/http/client-address';
import { REQUEST_ID_HEADER } from '../lib/http/request-id';
import { defineEndpoint } from '../lib/integration/endpoint';
import { json, noContent } from '../lib/integration/respond';
import { type IntegrationCall, integrationRoute } from '../lib/integration/route';
import type { Scope } from '../lib/integration/scopes';
import { createTestCompany, mintTestKey } from './factories';

/** The audit event each probe execution writes: counting these rows counts executions. */
export const PROBE_EVENT = 'WrapperProbe';

const ProbeBody = z.object({
  name: z.string().min(1).max(40).describe('Marker; a few names make the handler misbehave (see probeHandler).'),
  quantity: z.number().int().min(0).max(1000).optional(),
  serial: z
    .string()
    .regex(/^SN-\d{4}$/)
    .optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const probe = {
  operationId: 'probe',
  summary: 'Wrapper probe',
  tag: 'Probe',
  response: { status: 201, description: 'Executed' },
} as const;

export const probeWrite = defineEndpoint({
  ...probe,
  method: 'POST',
  path: '/api/v1/probe',
  scope: 'dpp:draft:write',
  body: ProbeBody,
});
/** The same write in a direct SQL transaction (`sqlTransaction`), as PUT form-data runs. */
export const probeSqlWrite = defineEndpoint({ ...probeWrite, sqlTransaction: true });
export const probeNoBody = defineEndpoint({
  ...probe,
  method: 'POST',
  path: '/api/v1/probe/act',
  scope: 'dpp:submit',
  body: 'none',
});
export const probeRead = defineEndpoint({
  ...probe,
  method: 'GET',
  path: '/api/v1/probe',
  scope: 'dpp:read',
  response: { status: 200, description: 'Read' },
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
});
export const probeAnyKey = defineEndpoint({
  ...probe,
  method: 'GET',
  path: '/api/v1/probe/meta',
  scope: 'any',
  response: { status: 200, description: 'Read' },
});
export const probeLiveOnly = defineEndpoint({
  ...probe,
  method: 'GET',
  path: '/api/v1/probe/live',
  scope: 'dpp:read',
  liveOnly: true,
  response: { status: 200, description: 'Read' },
});

async function recordExecution(db: Tx | SqlTx, companyId: string, marker: string): Promise<{ id: string }> {
  const [row] = await rowsOn<{ id: string }>(db, {
    text: `INSERT INTO "AuditLog" ("id", "companyId", "eventType", "actorRole", "eventChannel", "eventContext")
           VALUES (gen_random_uuid(), $1::uuid, $2, 'Integration', 'API', $3::jsonb) RETURNING "id"`,
    values: [companyId, PROBE_EVENT, JSON.stringify({ marker })],
  });
  return row;
}

let hold: { enter: () => void; released: Promise<void> } | null = null;

/** Makes the next `hold` write wait inside its transaction until `release()`; `entered` says it got there. */
export function holdNextWrite() {
  let enter!: () => void;
  let release!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  hold = { enter, released: new Promise<void>((resolve) => (release = resolve)) };
  return { entered, release };
}

/**
 * Writes one audit row, then: `explode` throws a plain Error, `refuse` throws 409 INVALID_STATE, `vanish` updates a
 * row that is not there (as after a concurrent delete; Prisma transaction only), `slow` dawdles, `hold` waits.
 */
const probeHandler = async ({ ctx, db, sql, body }: IntegrationCall<typeof probeWrite, Record<string, never>>) => {
  const row = await recordExecution(sql ?? (db as Tx), ctx.companyId, body.name);
  if (body.name === 'explode') throw new Error('probe exploded after writing');
  if (body.name === 'vanish' && !sql)
    await (db as Tx).webhookEndpoint.update({
      where: { id: '00000000-0000-4000-8000-000000000000' },
      data: { description: 'gone' },
    });
  if (body.name === 'refuse')
    throw new ServiceError('INVALID_STATE', 'The probe refuses.', { reason: 'INVALID_TRANSITION' });
  if (body.name === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
  if (body.name === 'hold' && hold) {
    hold.enter();
    await hold.released;
  }
  return json({ executionId: row.id, name: body.name, quantity: body.quantity ?? null }, 201, {
    Location: `/api/v1/probe/${row.id}`,
  });
};
export const writeRoute = integrationRoute(probeWrite, probeHandler);
export const sqlWriteRoute = integrationRoute(probeSqlWrite, probeHandler);

export const noBodyRoute = integrationRoute(probeNoBody, async ({ ctx, db }) => {
  await recordExecution(db as Tx, ctx.companyId, 'no-body');
  return noContent();
});

export const readRoute = integrationRoute(probeRead, async ({ ctx, query }) =>
  json({ companyId: ctx.companyId, mode: ctx.mode, limit: query.limit }),
);
export const anyKeyRoute = integrationRoute(probeAnyKey, async ({ key }) => json({ scopes: key.scopes }));
export const liveOnlyRoute = integrationRoute(probeLiveOnly, async () => json({ ok: true }));
/** Answers like a download that redirects to storage: a Response whose headers are immutable. */
export const redirectRoute = integrationRoute(probeRead, async () =>
  Response.redirect('https://storage.example/file', 302),
);

export const executions = (companyId: string) =>
  prisma.auditLog.count({ where: { companyId, eventType: PROBE_EVENT } });

export interface TenantOptions {
  scopes?: Scope[];
  mode?: 'live' | 'test';
  allowedCidrs?: string[];
  company?: Partial<Prisma.CompanyUncheckedCreateInput>;
}

/** A fresh company with one key; every test makes its own, so no test shares a counter or a row. */
export async function tenant({
  scopes = ['dpp:read', 'dpp:draft:write', 'dpp:submit'],
  mode = 'live',
  allowedCidrs,
  company,
}: TenantOptions = {}) {
  const row = await createTestCompany(prisma, company);
  const key = await mintTestKey(prisma, row.id, { scopes, mode, allowedCidrs });
  return { company: row, key };
}

/** Another key of an existing company. */
export function keyOf(
  companyId: string,
  { scopes = ['dpp:read', 'dpp:draft:write', 'dpp:submit'], mode = 'live' }: Omit<TenantOptions, 'company'> = {},
) {
  return mintTestKey(prisma, companyId, { scopes, mode });
}

export interface CallOptions {
  method?: string;
  /** Path and query as the client sends them. */
  path?: string;
  /** Serialised with JSON.stringify unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string | Uint8Array;
  contentType?: string | null;
  /** The plaintext key; null sends no Authorization header. */
  apiKey?: string | null;
  authorization?: string;
  /** Signs writes unless null; `sign` overrides what is signed (to prove what the server checks). */
  signingSecret?: string | null;
  sign?: { timestamp?: number; method?: string; pathWithQuery?: string; body?: string | Uint8Array };
  /** Defaults to a fresh value on writes; null sends none. */
  idempotencyKey?: string | null;
  /** The address the custom server sets; null leaves it unset (an unknown address). */
  address?: string | null;
  /** X-Service-Mode; defaults to `test` for pk_test_ keys; null sends none. */
  mode?: string | null;
  requestId?: string;
  headers?: Record<string, string>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A Request as a route receives it behind the custom server and the middleware. */
export function buildRequest(o: CallOptions = {}): Request {
  const method = (o.method ?? 'POST').toUpperCase();
  const path = o.path ?? '/api/v1/probe';
  const raw = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  const headers = new Headers(o.headers);
  headers.set(REQUEST_ID_HEADER, o.requestId ?? crypto.randomUUID());
  if (o.address !== null) headers.set(CLIENT_IP_HEADER, o.address ?? '203.0.113.10');
  if (o.authorization !== undefined) headers.set('authorization', o.authorization);
  else if (o.apiKey) headers.set('authorization', `Bearer ${o.apiKey}`);
  const mode = o.mode === undefined ? (o.apiKey?.startsWith('pk_test_') ? 'test' : null) : o.mode;
  if (mode !== null) headers.set('x-service-mode', mode);
  const contentType = o.contentType === undefined ? (raw === undefined ? null : 'application/json') : o.contentType;
  if (contentType !== null) headers.set('content-type', contentType);
  if (WRITES.has(method)) {
    const key = o.idempotencyKey === undefined ? crypto.randomUUID() : o.idempotencyKey;
    if (key !== null) headers.set('idempotency-key', key);
    if (o.signingSecret) {
      const signed = signIntegrationRequest({
        method: o.sign?.method ?? method,
        pathWithQuery: o.sign?.pathWithQuery ?? path,
        body: o.sign?.body ?? raw ?? '',
        signingSecret: o.signingSecret,
        timestamp: o.sign?.timestamp,
      });
      headers.set('x-service-signature', signed['X-Service-Signature']);
    }
  }
  return new Request(`http://localhost:3000${path}`, { method, headers, body: raw as BodyInit | undefined });
}

export type Route = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** Calls a route function directly; the body is read as JSON when there is one. */
export async function call(route: Route, o: CallOptions = {}) {
  const response = await route(buildRequest(o), { params: Promise.resolve({}) });
  const text = await response.text();
  let body: any = null;
  if (text) body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, text, body };
}

/** A signed write as a well-behaved client sends it, with the tenant's key (to the probe write, or to `route`). */
export const signedWrite = (
  key: { key: string; signingSecret: string },
  o: CallOptions = {},
  route: Route = writeRoute,
) => call(route, { apiKey: key.key, signingSecret: key.signingSecret, ...o });
