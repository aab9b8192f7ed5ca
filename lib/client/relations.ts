// Traceability, components and GS1 company prefixes. Types come from the generated openapi-types.ts, never from
// the server's modules.
import type { Page, QueryOf, RequestBody, ResponseBody, Schema } from './api-types';
import { apiPath, type Transport } from './http';

export type TraceabilityEntryInput = RequestBody<'addTraceabilityEntry'>;
export type TraceabilityEntry = Schema<'TraceabilityEntry'>;
export type ComponentInput = RequestBody<'addComponent'>;
export type Component = Schema<'Component'>;
export type Gs1Prefix = ResponseBody<'addGs1Prefix'>;
export type ListPage<T> = Page<T>;

export type PageOptions = QueryOf<'listTraceability'>;

const GS1_PREFIXES = '/api/v1/companies/me/gs1-prefixes';

export function relationsApi(transport: Transport) {
  const { call } = transport;
  const query = (page: PageOptions = {}) => ({ limit: page.limit, cursor: page.cursor });
  return {
    listTraceability: (productId: string, page?: PageOptions) =>
      call<ListPage<TraceabilityEntry>>('GET', apiPath`/api/v1/products/${productId}/traceability`, {
        query: query(page),
      }),
    addTraceability: (productId: string, body: TraceabilityEntryInput) =>
      call<TraceabilityEntry>('POST', apiPath`/api/v1/products/${productId}/traceability`, { body }),
    listComponents: (productId: string, page?: PageOptions) =>
      call<ListPage<Component>>('GET', apiPath`/api/v1/products/${productId}/components`, { query: query(page) }),
    /** 201 for a new component; re-adding the same child updates its quantity and role (200). */
    addComponent: (productId: string, body: ComponentInput) =>
      call<Component>('POST', apiPath`/api/v1/products/${productId}/components`, { body }),
    listGs1Prefixes: (page?: PageOptions) => call<ListPage<Gs1Prefix>>('GET', GS1_PREFIXES, { query: query(page) }),
    /** Registering a prefix the company already holds answers the existing registration. */
    addGs1Prefix: (prefix: string) => call<Gs1Prefix>('POST', GS1_PREFIXES, { body: { prefix } }),
  };
}
