import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentsEndpoints } from '../lib/integration/api/documents';
import { importsEndpoints } from '../lib/integration/api/imports';

// Next's proxy buffers a request body up to next.config.mjs's proxyClientMaxBodySize and silently truncates the
// rest: an upload the route allows but the proxy cut would fail its signature instead of being stored.
async function proxyBound(env: Record<string, string | undefined>): Promise<number> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    // A fresh copy of the module each time: it reads the environment when it loads.
    const url = `${pathToFileURL(path.resolve('next.config.mjs')).href}?${Math.random()}`;
    const { default: config } = await import(/* @vite-ignore */ url);
    return config.experimental.proxyClientMaxBodySize as number;
  } finally {
    process.env = saved;
  }
}

describe("the proxy's body bound", () => {
  it('holds the largest document and import upload the routes allow, by default and when either limit is raised', async () => {
    const uploads = [...documentsEndpoints, ...importsEndpoints].filter((e) => e.body === 'multipart');
    expect(uploads.map((e) => e.path)).toEqual(['/api/v1/products/{id}/documents', '/api/v1/imports']);
    const largest = () => Math.max(...uploads.map((e) => (e.maxBodyBytes as () => number)()));
    expect(await proxyBound({})).toBeGreaterThanOrEqual(largest());
    for (const raised of [
      { IMPORT_MAX_BYTES: String(40 * 1024 * 1024) },
      { DOCUMENT_MAX_BYTES: String(40 * 1024 * 1024) },
    ]) {
      const bound = await proxyBound(raised);
      expect(bound).toBeGreaterThanOrEqual(40 * 1024 * 1024 + 64 * 1024);
    }
  });
});
