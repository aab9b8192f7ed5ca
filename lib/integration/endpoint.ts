import type { z } from 'zod';
import type { ErrorCode } from '../http/error-codes';
import type { Scope } from './scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One Integration API operation, described once: the route wrapper enforces it and the OpenAPI document is
 * generated from it, so the two cannot disagree.
 */
export interface Endpoint<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v1/products/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The scope the key needs; `any` = any valid key; null = no credentials at all. */
  scope: Scope | 'any' | null;
  /** JSON body schema; `none` for writes without a body (the signature hashes the empty string). */
  body?: B | 'none' | 'multipart';
  query?: Q;
  /** The success answer; its schema is documented and, outside production, checked on every answer (route.ts). */
  response: { status: number; description: string; schema?: R; contentType?: string };
  /**
   * Codes this operation itself can answer beyond the ones its kind already does (errorCodesOf in openapi/errors.ts:
   * credentials, scope, mode, signature and idempotency of writes, VALIDATION_ERROR with a query or JSON body,
   * INVALID_ID and NOT_FOUND with an `{id}` in the path, CROSS_MODE_DENIED when liveOnly).
   */
  errors?: ErrorCode[];
  /** Refused for sandbox keys with 403 CROSS_MODE_DENIED. */
  liveOnly?: boolean;
  /** The success answer carries secrets (a minted key): its idempotency record is stored encrypted. */
  sensitiveResponse?: boolean;
  /**
   * The write runs in a direct SQL transaction (lib/db/sql.ts) rather than Prisma's: for hot writes whose verb is
   * written in SQL; the handler passes `call.sql` to it.
   */
  sqlTransaction?: boolean;
  /** Largest write body read, in bytes (default DEFAULT_MAX_BODY_BYTES); a larger one is refused before it is buffered. */
  maxBodyBytes?: number | (() => number);
}

/** The body limit of JSON writes: far above any real batch, far below what could exhaust memory. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export const isWrite = (method: string) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/** Identity helper that keeps the literal types of a definition. */
export function defineEndpoint<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  endpoint: Endpoint<B, Q, R>,
): Endpoint<B, Q, R> {
  return endpoint;
}

/** The JSON body an endpoint's success answer carries, as its response schema describes it. */
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
