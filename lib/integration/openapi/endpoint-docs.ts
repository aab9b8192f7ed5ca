import type { z } from 'zod';
import type { Endpoint } from '../endpoint';

/** What an endpoint answers besides its one success and its error envelopes, for the generated document only. */
export interface EndpointDocs {
  /** Other media types of the success answer (e.g. `text/csv` chosen by a query parameter). */
  alternateContent?: Record<string, { schema: z.ZodType; description?: string }>;
  /** Answers that are neither the success nor an error envelope (health's 503 `degraded`). */
  otherResponses?: Record<number, { description: string; schema: z.ZodType }>;
  /** The parts of a `body: 'multipart'` request (an object schema, one member per part). */
  multipartParts?: z.ZodType;
  /** A success answer of raw bytes: the media types it may have (rendered as binary strings). */
  binaryContent?: string[];
  /** Headers of the success answer beyond the common ones. */
  successHeaders?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

export type DocumentedEndpoint = Endpoint & { docs?: EndpointDocs };

/** Attaches documentation-only details to a definition without changing what the route wrapper enforces. */
export function withDocs<E extends Endpoint>(endpoint: E, docs: EndpointDocs): E & { docs: EndpointDocs } {
  return { ...endpoint, docs };
}
