import { createRequire } from 'node:module';

/**
 * The AAS core library (@aas-core-works/aas-core3.0-typescript), loaded through its CommonJS build: its ES module
 * build imports its own files without extensions, which Node's ES module loader refuses (the seed scripts, tests and
 * tools that import the public representations run on it; Next.js's bundler would not mind).
 */
export const aasCore: typeof import('@aas-core-works/aas-core3.0-typescript') = createRequire(import.meta.url)(
  '@aas-core-works/aas-core3.0-typescript',
);
