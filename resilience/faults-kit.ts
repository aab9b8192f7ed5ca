// What the faults suites share: timed requests, and the checks that a product create is whole (row, audit entry,
// outbox event) or absent.
import type { Db } from '../lib/db/client';

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
  ms: number;
}

/** One request over real HTTP; a network failure is status 0 (the body says why). */
export async function timedFetch(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(60_000) });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: String(error), ms: Date.now() - started };
  }
}

/** Runs `work`, timing it. */
export async function timed<T>(work: () => Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const value = await work();
  return Object.assign(value as object, { ms: Date.now() - started }) as T & { ms: number };
}

export const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Every trace of a product create: the rows with that name, their Create audit entries and product.created events. */
export async function createTraces(db: Db, companyId: string, name: string) {
  const products = await db.product.findMany({ where: { companyId, name }, select: { id: true } });
  const ids = products.map((p) => p.id);
  const audits = await db.auditLog.count({ where: { productId: { in: ids }, eventType: 'Create' } });
  const events = (
    await db.webhookEvent.findMany({ where: { companyId, type: 'product.created' }, select: { payload: true } })
  ).filter((e) => ids.includes((e.payload as { productId?: string }).productId ?? '')).length;
  return { products: ids.length, audits, events, ids };
}

/** A create is whole when its one row has its one audit entry and its one outbox event. */
export const whole = (t: { products: number; audits: number; events: number }) =>
  t.products === 1 && t.audits === 1 && t.events === 1;
export const absent = (t: { products: number; audits: number; events: number }) =>
  t.products === 0 && t.audits === 0 && t.events === 0;

/**
 * Idempotency records of a key that claim a success (2xx) whose effect is missing: for product creates, a record
 * whose answer names a product id that does not exist.
 */
export async function hollowRecords(db: Db, apiKeyId: string): Promise<number> {
  const records = await db.idempotencyRecord.findMany({
    where: { apiKeyId, responseStatus: { gte: 200, lt: 300 }, method: 'POST', path: '/api/v1/products' },
  });
  let hollow = 0;
  for (const record of records) {
    const body = record.responseBody ? JSON.parse(Buffer.from(record.responseBody).toString('utf8')) : null;
    const exists = body?.id ? await db.product.count({ where: { id: body.id } }) : 0;
    if (exists !== 1) hollow += 1;
  }
  return hollow;
}
