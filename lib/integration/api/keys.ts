import type { Endpoint } from '../endpoint';

export const keysEndpoints: Endpoint[] = [];
