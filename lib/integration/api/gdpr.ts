import type { Endpoint } from '../endpoint';

export const gdprEndpoints: Endpoint[] = [];
