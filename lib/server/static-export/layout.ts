/**
 * The layout of a static export (docs/public-api.md, "Static export"): where each answer of the live service is
 * kept under the export directory, so a plain web server can serve the same paths (deploy/nginx-static-export.conf
 * holds the rules). A path has no extension, so each answer lives in a directory named after its path, in a file
 * whose name says the representation (its extension gives the media type); answers that are not 200 live in
 * directories a server never serves directly.
 */

/** The file in a path's directory that holds each representation. */
export const FILE = {
  dpp: 'index.json',
  jsonld: 'index.jsonld',
  versions: 'index.json',
  version: 'index.json',
  credential: 'index.jwt',
  qrSvg: 'index.svg',
  qrPng: 'index.png',
  page: 'index.html',
  linkset: 'index.linkset',
  statusList: 'index.jwt',
  vocabulary: 'index.jsonld',
} as const;

/** The media type of each file of the layout, by its extension (deploy/nginx-static-export.conf's `types`). */
export const MEDIA_TYPES: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  jsonld: 'application/ld+json; charset=utf-8',
  linkset: 'application/linkset+json',
  jwt: 'application/vc+jwt',
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** The media type a web server gives the file at `relative`. */
export const mediaTypeOf = (relative: string) =>
  MEDIA_TYPES[relative.slice(relative.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** A withdrawn passport's 410 body of `path`: `_gone{path}/index.json`. */
export const GONE_DIR = '_gone';

/** The bodies of the other refusals: the flat 404, the 404 page, and the 400s of a malformed request. */
export const ERROR_FILES = {
  notFound: '_errors/404.json',
  notFoundPage: '_errors/404.html',
  versionNotFound: '_errors/version-not-found.json',
  invalidVersion: '_errors/invalid-version.json',
  qrFormat: '_errors/qr-format.json',
  issuerNotFound: '_errors/issuer-not-found.json',
  statusListNotFound: '_errors/status-list-not-found.json',
} as const;

/** What describes the export itself, never served: the manifest, the checksums, the map for nginx. */
export const META_DIR = '.export';
export const MANIFEST_FILE = `${META_DIR}/manifest.json`;
export const SUMS_FILE = `${META_DIR}/SHA256SUMS`;
export const NGINX_MAP_FILE = `${META_DIR}/nginx-map.conf`;

/**
 * The variable the generated map sets from the path as requested (still percent-encoded, as the service writes its
 * addresses): "<sha256> <bytes> <publishedAt>" for a version (its X-Snapshot-* headers), "noindex" for a resolver
 * address of a withdrawn passport (X-Robots-Tag).
 */
export const NGINX_MAP_VARIABLE = '$export_meta';

const UNSAFE_SEGMENT = /[\u0000-\u001f\u007f/\\]/;

/**
 * The directory (relative, no leading slash) of a request path as a web server decodes it (`$uri`): each segment
 * percent-decoded. null when a segment cannot be a directory name (empty, `.`, `..`, a slash, a backslash or a
 * control character once decoded): such an address is left out of the export.
 */
export function directoryOf(path: string): string | null {
  const segments = path.replace(/^\//, '').split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value === '' || value === '.' || value === '..' || UNSAFE_SEGMENT.test(value)) return null;
    decoded.push(value);
  }
  return decoded.join('/');
}
