import type { Endpoint } from '../endpoint';

export const webhooksEndpoints: Endpoint[] = [];
