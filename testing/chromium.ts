// Which Chromium the browser tests use. `npm test` (scripts/test-all.ts) settles it before any suite runs, and
// playwright.config.ts applies the same rule, so both agree:
//   1. CHROMIUM_PATH, when set (it must exist);
//   2. Debian's /usr/bin/chromium (the `chromium` package; .ci/run installs it);
//   3. else Playwright's own Chromium, which `npx playwright install chromium` installs when it is missing. When that
//      download fails the run stops at once with one line saying what to install.

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const INSTALL_COMMAND = 'npx playwright install chromium';

const REMEDY =
  'install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable';

/** The one line a run stops with when Playwright's own Chromium could not be installed. */
export const INSTALL_FAILED_MESSAGE = `The browser tests need Chromium and \`${INSTALL_COMMAND}\` could not download it: ${REMEDY}, or run \`${INSTALL_COMMAND}\` where its download host is reachable.`;

/** What the machine has: the environment, which files exist, and where Playwright keeps its own Chromium. */
export interface ChromiumProbe {
  env: Record<string, string | undefined>;
  exists: (file: string) => boolean;
  /** Where Playwright's own Chromium lives on this machine, installed or not (`chromium.executablePath()`). */
  playwrightChromium: string;
}

export type ChromiumChoice =
  /** Launch this executable. */
  | { use: 'executable'; executablePath: string; source: 'CHROMIUM_PATH' | 'debian' }
  /** Launch Playwright's own Chromium; `installed` false: run INSTALL_COMMAND first. */
  | { use: 'playwright'; installed: boolean }
  /** Nothing usable: stop with this one line. */
  | { use: 'none'; message: string };

/** The rule above, given what the machine has. Pure: it looks only through `probe`. */
export function chooseChromium(probe: ChromiumProbe): ChromiumChoice {
  const configured = probe.env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (probe.exists(configured)) return { use: 'executable', executablePath: configured, source: 'CHROMIUM_PATH' };
    return { use: 'none', message: `CHROMIUM_PATH is ${configured}, which does not exist: ${REMEDY}, or unset it.` };
  }
  if (probe.exists(DEBIAN_CHROMIUM)) return { use: 'executable', executablePath: DEBIAN_CHROMIUM, source: 'debian' };
  return { use: 'playwright', installed: probe.exists(probe.playwrightChromium) };
}

export type ChromiumReadiness = { ok: true; note: string } | { ok: false; message: string };

/**
 * Makes the chosen Chromium ready before a run: installs Playwright's own when it is missing. `install` runs
 * INSTALL_COMMAND and says whether it succeeded.
 */
export function ensureChromium(probe: ChromiumProbe, install: () => boolean): ChromiumReadiness {
  const choice = chooseChromium(probe);
  switch (choice.use) {
    case 'none':
      return { ok: false, message: choice.message };
    case 'executable':
      return {
        ok: true,
        note: `Browser tests: ${choice.executablePath}${choice.source === 'CHROMIUM_PATH' ? ' (CHROMIUM_PATH)' : ''}`,
      };
    case 'playwright':
      if (choice.installed) return { ok: true, note: "Browser tests: Playwright's own Chromium" };
      if (!install() || !probe.exists(probe.playwrightChromium)) return { ok: false, message: INSTALL_FAILED_MESSAGE };
      return { ok: true, note: `Browser tests: Playwright's own Chromium, installed by \`${INSTALL_COMMAND}\`` };
  }
}
