import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPageScripts, linkWithoutNonce } from './page-hashes';

const nonce = randomBytes(16).toString('base64');
const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptsOf = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];

// A render as Next.js makes it with the placeholder nonce, and markup injected through passport data beside it.
const rendered = [
  '<!DOCTYPE html><html><head>',
  `<link rel="stylesheet" href="/a.css" nonce="${nonce}" data-precedence="next"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/w.js"/>`,
  `<script src="/_next/static/chunks/w.js" async="" nonce="${nonce}"></script>`,
  `<script src="/_next/static/chunks/p.js?x=1&amp;y=2" noModule="" nonce="${nonce}"></script>`,
  `<style nonce="${nonce}">.a{color:red}</style>`,
  '</head><body>',
  '<script type="application/ld+json">{"name":"Ü"}</script>',
  `<p>Cell maker: <script>window.__injected = true</script><script src="https://evil.example/x.js"></script></p>`,
  `<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"} € </p>"])</script>`,
  '</body></html>',
].join('');

describe('hashPageScripts', () => {
  const { html, scriptHashes, styleHashes } = hashPageScripts(Buffer.from(rendered, 'utf8'), nonce);
  const out = html.toString('utf8');

  it("names each of the page's own inline scripts by its SHA-256, and the injected one not at all", () => {
    const own = scriptsOf(out).filter(([, attrs]) => !attrs.includes('ld+json') && !attrs.includes('src='));
    const injected = own.find(([, , body]) => body.includes('__injected'))!;
    const trusted = own.filter((s) => s !== injected);
    expect(trusted.map(([, , body]) => hash(body)).sort()).toEqual([...scriptHashes].sort());
    expect(scriptHashes).not.toContain(hash(injected[2]));
    expect(scriptHashes).toHaveLength(2);
  });

  it('loads its own external scripts through one hashed loader, in order, and leaves a foreign one where it was', () => {
    expect(out).not.toContain('<script src="/_next/');
    expect(out).not.toContain('rel="preload" as="script"');
    expect(out).toContain('<script src="https://evil.example/x.js"></script>');
    const loader = scriptsOf(out).find(([, , body]) => body.includes('createElement'))!;
    expect(loader[2]).toContain('[["/_next/static/chunks/w.js",1,0],["/_next/static/chunks/p.js?x=1&y=2",0,1]]');
    expect(scriptHashes).toContain(hash(loader[2]));
    // At the first external script's place, in the head.
    expect(out.indexOf(loader[0])).toBeLessThan(out.indexOf('</head>'));
  });

  it('hashes its own inline styles, drops the placeholder from every attribute and keeps the rest byte for byte', () => {
    expect(styleHashes).toEqual([hash('.a{color:red}')]);
    expect(out).not.toContain(`nonce="${nonce}"`);
    expect(out).toContain('<link rel="stylesheet" href="/a.css" data-precedence="next"/>');
    expect(out).toContain('<script type="application/ld+json">{"name":"Ü"}</script>');
    expect(out).toContain('€ </p>');
  });

  it('is the same page for the same render: nothing of it depends on the answer', () => {
    expect(hashPageScripts(Buffer.from(rendered, 'utf8'), nonce).html.equals(html)).toBe(true);
  });
});

describe("hashPageScripts with scripts: 'drop' (the stored viewer page ships no script)", () => {
  const { html, scriptHashes, styleHashes } = hashPageScripts(Buffer.from(rendered, 'utf8'), nonce, {
    scripts: 'drop',
  });
  const out = html.toString('utf8');

  it("removes every script of the page's own, inline or external, and their preloads; names none in the policy", () => {
    expect(scriptHashes).toEqual([]);
    expect(out).not.toContain('/_next/static/chunks/');
    expect(out).not.toContain('self.__next_f');
    expect(out).not.toContain('createElement');
  });

  it('keeps the JSON-LD data block, its styles (hashed) and the rest byte for byte; a foreign script stays, unlisted', () => {
    expect(out).toContain('<script type="application/ld+json">{"name":"Ü"}</script>');
    expect(styleHashes).toEqual([hash('.a{color:red}')]);
    expect(out).toContain('<script src="https://evil.example/x.js"></script>');
    expect(out).not.toContain(`nonce="${nonce}"`);
    expect(out).toContain('<link rel="stylesheet" href="/a.css" data-precedence="next"/>');
  });
});

describe('linkWithoutNonce', () => {
  it('drops the script preloads (the loader fetches them) and the placeholder from the rest', () => {
    const link = `</a.css>; rel=preload; as="style"; nonce="${nonce}", </w.js>; rel=preload; as="script"; nonce="${nonce}"`;
    expect(linkWithoutNonce(link, nonce)).toBe('</a.css>; rel=preload; as="style"');
  });
});
