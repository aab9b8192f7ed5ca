// Names for the Integration API's bodies, all taken from openapi-types.ts (generated from the server's OpenAPI
// document by npm run generate:client), so the client never restates a shape the document already gives.
import type { components, operations } from './openapi-types';

type Operation = keyof operations;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<Op extends Operation> = operations[Op]['responses'];

/** A named schema of the document (`components.schemas`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON body of an operation's success answer. */
export type ResponseBody<Op extends Operation> = JsonOf<Responses<Op>[Extract<keyof Responses<Op>, 200 | 201>]>;

/** The JSON request body of an operation. */
export type RequestBody<Op extends Operation> = JsonOf<NonNullable<operations[Op]['requestBody']>>;

/** The query parameters of an operation. */
export type QueryOf<Op extends Operation> = NonNullable<operations[Op]['parameters']['query']>;

/** One page of a list answer: `data` and the cursor of the next page (null on the last). */
export type Page<T> = Omit<ResponseBody<'listProducts'>, 'data'> & { data: T[] };
