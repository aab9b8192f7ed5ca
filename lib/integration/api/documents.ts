import type { Endpoint } from '../endpoint';

export const documentsEndpoints: Endpoint[] = [];
