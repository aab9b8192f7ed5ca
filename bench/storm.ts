// Scenario 11, a scan storm: a recall notice or a news story makes thousands of people scan the same batteries, so
// 80 % of the page views go to 20 passports and the rest spread over the others. Measured straight at the app and
// through deploy/nginx.conf; during the proxied storm one hot passport is withdrawn and another gets a BMS value,
// and a watcher reading the hot pages through the proxy (as anonymous browsers, while a grant holder reads one of
// them with its cookie) times when each change is served and counts what must never be served: a page with a
// grant's restricted view, or an old state later than the contract's bound after its change.
import type autocannon from 'autocannon';
import type { Passport } from './seed';

export const HOT_PASSPORTS = 20;
export const HOT_SHARE = 0.8;

const pagePath = (p: Passport) => `/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`;

/** The storm's requests: a browser's page view, 80 % of them on the first 20 passports. */
export function stormRequest(passports: readonly Passport[]): autocannon.Request {
  const hot = passports.slice(0, HOT_PASSPORTS);
  const cold = passports.slice(HOT_PASSPORTS);
  return {
    method: 'GET',
    setupRequest: (req) => {
      const from = Math.random() < HOT_SHARE || cold.length === 0 ? hot : cold;
      const p = from[Math.floor(Math.random() * from.length)];
      return { ...req, path: pagePath(p), headers: { accept: 'text/html', 'accept-encoding': 'gzip' } };
    },
  };
}

export interface Change {
  label: string;
  passport: Passport;
  /** Whether a page's HTML shows the new state. */
  shows(html: string): boolean;
}

export interface Watched {
  /** Seconds from each change to the first answer through the proxy that showed it (Infinity: never within the watch). */
  seconds: Map<string, number>;
  answers: number;
  /** Anonymous answers that carried a grant's restricted view. */
  restricted: number;
  /** Answers later than `boundSeconds` after a change that still showed the old state. */
  staleBeyondBound: number;
}

/**
 * Reads the hot pages through the proxy, round after round, until every change is seen or `watchSeconds` pass; the
 * changes are made by `change()` once the watch has started. `restrictedMarker` is what only a grant's view shows.
 */
export async function watchChanges(opts: {
  proxy: string;
  hot: readonly Passport[];
  changes: Change[];
  change: () => Promise<void>;
  restrictedMarker: string;
  boundSeconds: number;
  watchSeconds: number;
}): Promise<Watched> {
  const watched: Watched = { seconds: new Map(), answers: 0, restricted: 0, staleBeyondBound: 0 };
  const read = async (p: Passport) => {
    const res = await fetch(`${opts.proxy}${pagePath(p)}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    watched.answers += 1;
    if (html.includes(opts.restrictedMarker)) watched.restricted += 1;
    return html;
  };
  await Promise.all(opts.hot.map(read));
  const changedAt = Date.now();
  await opts.change();
  while (watched.seconds.size < opts.changes.length) {
    const elapsed = (Date.now() - changedAt) / 1000;
    if (elapsed > opts.watchSeconds) break;
    for (const change of opts.changes) {
      const html = await read(change.passport);
      if (change.shows(html)) {
        if (!watched.seconds.has(change.label)) watched.seconds.set(change.label, (Date.now() - changedAt) / 1000);
      } else if ((Date.now() - changedAt) / 1000 > opts.boundSeconds) watched.staleBeyondBound += 1;
    }
    // The other hot pages too: none of them may ever carry a grant's view.
    await Promise.all(opts.hot.slice(0, 5).map(read));
    await new Promise((r) => setTimeout(r, 200));
  }
  for (const change of opts.changes)
    if (!watched.seconds.has(change.label)) watched.seconds.set(change.label, Number.POSITIVE_INFINITY);
  return watched;
}
