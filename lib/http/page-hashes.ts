import { createHash } from 'node:crypto';

/**
 * A page that every anonymous answer may share, bytes and headers alike, so that any cache can keep it: its script
 * policy names the SHA-256 of each of the page's own inline scripts instead of a per-answer nonce, and keeps
 * 'strict-dynamic' (what those scripts load runs; nothing parser-inserted without a hash does).
 *
 * "The page's own" is decided the way the nonce decided it: the page is rendered with a random placeholder nonce,
 * which Next.js puts on its own scripts, styles and preloads, and which passport data cannot carry (it is random per
 * render and never left the server). Only elements carrying that placeholder are trusted here:
 * - an inline script with it is hashed (and loses the attribute);
 * - an external script with it (Next.js's chunks) is loaded by one hashed inline loader at the first one's place,
 *   since a hash cannot name an external script in every browser; its `<link rel="preload" as="script">` goes
 *   (under 'strict-dynamic' a preload without a listed nonce would be refused);
 * - an inline style with it is hashed for style-src; other elements just lose the attribute.
 * A script without the placeholder (markup injected into passport data) is left as it is, unhashed: it does not run.
 *
 * With `scripts: 'drop'` the page's own scripts go altogether (the framework's runtime and its payload): the page is
 * a document that works without script (links, folds, plain form posts), so a reader downloads no script at all,
 * and its policy lists no script. Data blocks (JSON-LD) are no script of the page's: they stay.
 */
export interface HashedPage {
  html: Buffer;
  /** `'sha256-…'` sources for script-src, in page order. */
  scriptHashes: string[];
  /** `'sha256-…'` sources for style-src. */
  styleHashes: string[];
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<link\b([^>]*)>/gi;
const attribute = (attrs: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`, 'i').exec(attrs);
const attributeValue = (attrs: string, name: string) => {
  const m = attribute(attrs, name);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};
const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The loader of the page's own external scripts, in their order, with their async and nomodule flags. */
function loaderScript(scripts: { src: string; async: boolean; noModule: boolean }[]): string {
  const list = JSON.stringify(scripts.map((s) => [s.src, s.async ? 1 : 0, s.noModule ? 1 : 0])).replace(
    /</g,
    '\\u003c',
  );
  return `for(const[s,a,m]of ${list}){const e=document.createElement("script");e.src=s;e.async=!!a;if(m)e.noModule=!0;document.currentScript.before(e)}`;
}

/** `html` as rendered with the placeholder `nonce`, turned into a page whose policy names hashes (see above). */
export function hashPageScripts(
  html: Buffer,
  nonce: string,
  { scripts = 'hash' }: { scripts?: 'hash' | 'drop' } = {},
): HashedPage {
  const text = html.toString('utf8');
  const ownAttr = new RegExp(
    `\\s+nonce\\s*=\\s*(?:"${escapeRegExp(nonce)}"|'${escapeRegExp(nonce)}'|${escapeRegExp(nonce)}(?=[\\s>/]))`,
    'gi',
  );
  const isOwn = (attrs: string) => attributeValue(attrs, 'nonce') === nonce;
  const scriptHashes: string[] = [];
  const styleHashes: string[] = [];
  const external: { src: string; async: boolean; noModule: boolean }[] = [];
  const LOADER_MARK = `\u0000loader-${nonce}\u0000`;
  let out = text.replace(
    ELEMENT,
    (whole, tag: string | undefined, attrs: string | undefined, body: string, linkAttrs) => {
      if (tag === undefined) {
        const link = linkAttrs as string;
        if (!isOwn(link)) return whole;
        const rel = (attributeValue(link, 'rel') ?? '').toLowerCase();
        const as = (attributeValue(link, 'as') ?? '').toLowerCase();
        if ((rel === 'preload' && as === 'script') || rel === 'modulepreload') return '';
        return whole.replace(ownAttr, '');
      }
      const a = attrs ?? '';
      if (!isOwn(a)) return whole;
      const bare = a.replace(ownAttr, '');
      if (tag.toLowerCase() === 'style') {
        styleHashes.push(sha256Source(body));
        return `<style${bare}>${body}</style>`;
      }
      if (scripts === 'drop') return '';
      const src = attributeValue(a, 'src');
      if (src !== null) {
        external.push({
          src: decodeEntities(src),
          async: attribute(a, 'async') !== null,
          noModule: attribute(a, 'nomodule') !== null,
        });
        return external.length === 1 ? LOADER_MARK : '';
      }
      scriptHashes.push(sha256Source(body));
      return `<script${bare}>${body}</script>`;
    },
  );
  if (external.length > 0) {
    const loader = loaderScript(external);
    scriptHashes.push(sha256Source(loader));
    out = out.replace(LOADER_MARK, `<script>${loader}</script>`);
  }
  return { html: Buffer.from(out, 'utf8'), scriptHashes, styleHashes };
}

/** A Link header without the placeholder nonce: script preloads dropped (the loader fetches them), others kept. */
export function linkWithoutNonce(link: string, nonce: string): string {
  return link
    .split(/,\s*(?=<)/)
    .filter((entry) => !(entry.includes(nonce) && /;\s*as="?script"?/i.test(entry)))
    .map((entry) => entry.replace(new RegExp(`;\\s*nonce="?${escapeRegExp(nonce)}"?`, 'g'), ''))
    .join(', ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
