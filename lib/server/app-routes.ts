import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROUTE_FILE = /^(?:page|route)\.(?:tsx?|jsx?)$/;

/** A folder that is not part of the address: a route group `(name)`, a parallel slot `@name`, a private `_name`. */
const outsideAddress = (segment: string) => /^\(.*\)$/.test(segment) || segment.startsWith('@');

function walk(dir: string, segments: string[], out: Set<string>): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith('_')) continue;
      walk(path.join(dir, entry.name), outsideAddress(entry.name) ? segments : [...segments, entry.name], out);
    } else if (ROUTE_FILE.test(entry.name)) {
      out.add(`/${segments.join('/')}`);
    }
  }
}

/**
 * The application's addresses as Next.js names them (`/api/v1/products/[id]`), read from the app/ folder's pages and
 * route handlers, the files of public/, and Next.js's own assets: what lib/http/metrics.ts `routeTemplates` counts
 * requests under.
 */
export function appRoutes(root: string = process.cwd()): string[] {
  const routes = new Set<string>(['/_next/[...asset]']);
  walk(path.join(root, 'app'), [], routes);
  const publicDir = path.join(root, 'public');
  try {
    for (const file of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) routes.add(`/${path.relative(publicDir, path.join(file.parentPath, file.name))}`);
    }
  } catch {
    // No public folder: nothing to add.
  }
  return [...routes].sort();
}
