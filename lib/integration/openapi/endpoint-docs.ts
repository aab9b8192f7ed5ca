import type { z } from 'zod';
import type { Endpoint } from '../endpoint';

/** What an endpoint answers besides its one success and its error envelopes, for the generated document only. */
export interface EndpointDocs {
  /** Other media types of the success answer (e.g. `text/csv` chosen by a query parameter). */
  alternateContent?: Record<string, { schema: z.ZodType; description?: string }>;
  /** Answers that are neither the success nor an error envelope (health's 503 `degraded`). */
  otherResponses?: Record<number, { description: string; schema: z.ZodType }>;
}

export type DocumentedEndpoint = Endpoint & { docs?: EndpointDocs };

/** Attaches documentation-only details to a definition without changing what the route wrapper enforces. */
export function withDocs<E extends Endpoint>(endpoint: E, docs: EndpointDocs): E & { docs: EndpointDocs } {
  return { ...endpoint, docs };
}
