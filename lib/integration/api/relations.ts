import type { Endpoint } from '../endpoint';
import { addComponentEndpoint, listComponentsEndpoint } from './relations/components';
import { addGs1PrefixEndpoint, listGs1PrefixesEndpoint } from './relations/gs1-prefixes';
import { addTraceabilityEndpoint, listTraceabilityEndpoint } from './relations/traceability';

/** Traceability, components and GS1 company prefixes: what a passport is made of and where it came from. */
export const relationsEndpoints: Endpoint[] = [
  listTraceabilityEndpoint,
  addTraceabilityEndpoint,
  listComponentsEndpoint,
  addComponentEndpoint,
  listGs1PrefixesEndpoint,
  addGs1PrefixEndpoint,
];
