import type { PublicLookup, PublicPassport, Withdrawal } from '../passport/public/representations';
import { CATEGORY_INFO, isBatteryCategory } from '../schema/categories';
import { GROUP_TITLES, lastUpdatedFieldOf, publicGroups } from '../schema/public-fields';
import { formatDate, isMissing } from '../schema/value-format';
import { escapeHtml as e, valueHtml } from './static-format';

/**
 * The viewer page of a static copy (`npm run -s export:static`): plain HTML made from the same public passport the
 * live viewer renders, with no script at all, so it works from any web server and under a fixed policy. The live
 * page is Next.js's: it needs the server for its per-answer script nonce, its scripts and its restricted-access
 * form, none of which a plain web server has (docs/decisions.md, "Continuity").
 */

/** Where the static copy's one stylesheet is served (a path the live service does not use). */
export const STATIC_STYLESHEET_PATH = '/_static/viewer.css';

/**
 * The policy a static page is served under: nothing runs, styles from the copy's own stylesheet only, the QR code
 * an image of the same origin. Fixed, so a web server sets it as a constant header.
 */
export const STATIC_PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The policy as a page carries it itself (frame-ancestors counts only as a header). */
const META_POLICY = STATIC_PAGE_POLICY.replace("; frame-ancestors 'none'", '');

export type FoundPassport = Exclude<PublicLookup, { kind: 'not_found' }>;

function document(head: string[], body: string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${e(META_POLICY)}">`,
    ...head,
    `<link rel="stylesheet" href="${STATIC_STYLESHEET_PATH}">`,
    '</head>',
    '<body>',
    '<main class="page">',
    ...body,
    '<footer class="footer"><p>Field schemas derived from the Battery Pass consortium&#39;s Data Attribute Longlist v1.2 (CC BY 4.0).</p></footer>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function header(passport: PublicPassport, withdrawn: boolean): string {
  const { product, dpp } = passport;
  const category = isBatteryCategory(dpp.batteryCategory)
    ? CATEGORY_INFO[dpp.batteryCategory].name
    : dpp.batteryCategory;
  const manufacturer = typeof dpp.manufacturer.name === 'string' ? dpp.manufacturer.name : product.companyName;
  const badge = withdrawn
    ? '<span class="badge withdrawn">Withdrawn</span>'
    : '<span class="badge published">Published</span>';
  const model = dpp.model
    ? `<p>Built on model <a href="/dpp/${e(encodeURIComponent(dpp.model.slug))}">${e(dpp.model.name)}</a>, version ${dpp.model.version}</p>`
    : '';
  return [
    '<header class="header">',
    '<p class="kicker">Battery passport</p>',
    `<h1>${e(product.name)}</h1>`,
    '<dl class="summary">',
    `<div><dt>Category</dt><dd>${e(category)}</dd></div>`,
    `<div><dt>Manufacturer</dt><dd>${e(manufacturer)}</dd></div>`,
    `<div><dt>Status</dt><dd>${badge}</dd></div>`,
    `<div><dt>Version</dt><dd>${dpp.version}</dd></div>`,
    '</dl>',
    model,
    '</header>',
  ].join('\n');
}

function continuityNotice(passport: PublicPassport): string {
  const continuity = passport.dpp.continuity;
  if (!continuity) return '';
  const href = e(continuity.backupUrl);
  return [
    '<section class="notice" aria-labelledby="continuity-title" data-notice="continuity">',
    '<h2 id="continuity-title">The economic operator has ceased its activity</h2>',
    `<p>This passport stays available from a back-up copy at <a href="${href}">${href}</a>.</p>`,
    `<p>Ceased on <time datetime="${e(continuity.operatorCeasedAt)}">${e(formatDate(continuity.operatorCeasedAt))}</time>.</p>`,
    '</section>',
  ].join('\n');
}

function withdrawalNotice(withdrawal: Withdrawal): string {
  const rows = [
    `<div class="field"><dt>Reason</dt><dd>${e(withdrawal.reason)}</dd></div>`,
    `<div class="field"><dt>Withdrawn on</dt><dd><time datetime="${e(withdrawal.withdrawnAt)}">${e(formatDate(withdrawal.withdrawnAt))}</time></dd></div>`,
  ];
  if (withdrawal.operatorDetails)
    rows.push(`<div class="field"><dt>Economic operator</dt><dd>${e(withdrawal.operatorDetails)}</dd></div>`);
  if (withdrawal.manufacturerContact)
    rows.push(`<div class="field"><dt>Manufacturer contact</dt><dd>${e(withdrawal.manufacturerContact)}</dd></div>`);
  const successor = withdrawal.successorUrl
    ? `<p><a class="button" href="${e(withdrawal.successorUrl)}">View the replacement passport${withdrawal.successorName ? `: ${e(withdrawal.successorName)}` : ''}</a></p>`
    : '';
  return [
    '<section class="notice" aria-labelledby="withdrawal-title" data-notice="withdrawal">',
    '<h2 id="withdrawal-title">This passport has been withdrawn</h2>',
    `<dl class="fields">${rows.join('')}</dl>`,
    successor,
    '</section>',
  ].join('\n');
}

function signedBy({ credential, product }: PublicPassport): string {
  if (!credential) return '';
  return `<p class="signed-by"><a href="${e(credential.url)}" type="application/vc+jwt">Signed by ${e(product.companyName)} on <time datetime="${e(credential.signedAt)}">${e(formatDate(credential.signedAt))}</time></a></p>`;
}

function fieldSections({ schema, fields }: PublicPassport): string {
  return publicGroups(schema)
    .map(({ group, fields: defs }) => {
      const rows = defs.map((field) => {
        const stamp = lastUpdatedFieldOf(schema, field);
        const updated = stamp ? fields[stamp.id] : undefined;
        const note =
          typeof updated === 'string' && !isMissing(updated)
            ? `<span class="updated">Last updated ${e(formatDate(updated))}</span>`
            : '';
        return `<div class="field" data-field="${e(field.id)}"><dt>${e(field.label)}</dt><dd>${valueHtml(field, fields[field.id])}${note}</dd></div>`;
      });
      return `<section class="section" aria-labelledby="group-${group}"><h2 id="group-${group}">${e(GROUP_TITLES[group])}</h2><dl class="fields">${rows.join('')}</dl></section>`;
    })
    .join('\n');
}

function versionHistory({ product, versions }: PublicPassport, linked: boolean): string {
  const items = [...versions].reverse().map((v) => {
    const name = linked
      ? `<a href="/api/dpp/${e(encodeURIComponent(product.slug))}/v/${v.version}">Version ${v.version}</a>`
      : `Version ${v.version}`;
    return `<li><span class="version-name">${name}</span><span>Published <time datetime="${e(v.publishedAt)}">${e(formatDate(v.publishedAt))}</time></span><span>SHA-256 <code title="${e(v.sha256)}">${e(v.sha256.slice(0, 12))}…</code></span></li>`;
  });
  return `<section class="section" aria-labelledby="versions-title"><h2 id="versions-title">Version history</h2><ol class="versions" reversed>${items.join('')}</ol></section>`;
}

function qrSection({ product }: PublicPassport, address: string): string {
  const slug = e(encodeURIComponent(product.slug));
  return [
    '<section class="section" aria-labelledby="qr-title"><h2 id="qr-title">QR code</h2>',
    `<p><img class="qr" src="/api/dpp/${slug}/qr" width="200" height="200" alt="QR code linking to ${e(address)}"></p>`,
    `<p class="qr-url"><a href="${e(address)}">${e(address)}</a></p>`,
    '</section>',
  ].join('\n');
}

/**
 * The static viewer page of a published or withdrawn passport, its identity at `baseUrl`; `jsonLd` is the JSON-LD
 * document a published passport's head carries (the bytes /api/dpp/{slug}/jsonld serves).
 */
export function staticPassportPage(found: FoundPassport, baseUrl: string, jsonLd: string | null): string {
  const { passport } = found;
  const { product } = passport;
  const address = `${baseUrl.replace(/\/+$/, '')}${product.path}`;
  const withdrawn = found.kind === 'withdrawn';
  const head = [
    `<title>${e(withdrawn ? `${product.name} (withdrawn)` : product.name)}</title>`,
    `<meta name="description" content="${e(`Digital battery passport of ${product.name} by ${product.companyName} (EU Battery Regulation 2023/1542).`)}">`,
    ...(withdrawn ? ['<meta name="robots" content="noindex">'] : []),
    `<link rel="canonical" href="${e(address)}">`,
  ];
  if (!withdrawn && jsonLd !== null) {
    head.push(
      `<link rel="alternate" type="application/ld+json" href="/api/dpp/${e(encodeURIComponent(product.slug))}/jsonld">`,
      // A data block, not a script: it never runs. `<` is escaped so no value can close the element.
      `<script type="application/ld+json">${jsonLd.replace(/</g, '\\u003c')}</script>`,
    );
  }
  const body =
    found.kind === 'withdrawn'
      ? [
          header(passport, true),
          continuityNotice(passport),
          withdrawalNotice(found.withdrawal),
          versionHistory(passport, false),
        ]
      : [
          header(passport, false),
          continuityNotice(passport),
          signedBy(passport),
          fieldSections(passport),
          versionHistory(passport, true),
          qrSection(passport, address),
        ];
  return document(head, body.filter(Boolean));
}

/** The page a browser gets for an address the copy holds no passport for. */
export function staticNotFoundPage(): string {
  return document(
    ['<title>Passport not found</title>', '<meta name="robots" content="noindex">'],
    [
      '<header class="header"><p class="kicker">Battery passport</p><h1>Passport not found</h1></header>',
      '<p>No published passport has this identifier.</p>',
    ],
  );
}
