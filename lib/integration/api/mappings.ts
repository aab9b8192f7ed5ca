import type { Endpoint } from '../endpoint';

export const mappingsEndpoints: Endpoint[] = [];
