import { describe, expect, it } from 'vitest';
import {
  type ChromiumProbe,
  chooseChromium,
  DEBIAN_CHROMIUM,
  ensureChromium,
  INSTALL_COMMAND,
  INSTALL_FAILED_MESSAGE,
} from './chromium';

// README: `npm test` runs the browser tests on Debian's Chromium, CHROMIUM_PATH, or Playwright's own Chromium, which
// it installs when missing; when that download fails it stops at once with one line saying what to install.
const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

function machine(files: string[], env: Record<string, string> = {}): ChromiumProbe & { files: Set<string> } {
  const present = new Set(files);
  return { env, exists: (file) => present.has(file), playwrightChromium: PLAYWRIGHT, files: present };
}

/** ensureChromium with an install step that records its calls and, when it succeeds, leaves the executable. */
function ensure(probe: ReturnType<typeof machine>, installSucceeds: boolean) {
  let installs = 0;
  const readiness = ensureChromium(probe, () => {
    installs += 1;
    if (installSucceeds) probe.files.add(PLAYWRIGHT);
    return installSucceeds;
  });
  return { readiness, installs };
}

describe('the Chromium of the browser tests', () => {
  it("uses Debian's /usr/bin/chromium when it is there, and installs nothing", () => {
    const probe = machine([DEBIAN_CHROMIUM, PLAYWRIGHT]);
    expect(chooseChromium(probe)).toEqual({ use: 'executable', executablePath: DEBIAN_CHROMIUM, source: 'debian' });
    const { readiness, installs } = ensure(machine([DEBIAN_CHROMIUM]), false);
    expect(readiness.ok).toBe(true);
    expect(installs).toBe(0);
  });

  it('prefers CHROMIUM_PATH over Debian’s Chromium and Playwright’s own', () => {
    const probe = machine(['/opt/chromium/chrome', DEBIAN_CHROMIUM, PLAYWRIGHT], {
      CHROMIUM_PATH: '/opt/chromium/chrome',
    });
    expect(chooseChromium(probe)).toEqual({
      use: 'executable',
      executablePath: '/opt/chromium/chrome',
      source: 'CHROMIUM_PATH',
    });
    expect(ensure(probe, false).installs).toBe(0);
  });

  it('stops with one line naming a CHROMIUM_PATH that does not exist, without falling back or installing', () => {
    const { readiness, installs } = ensure(machine([DEBIAN_CHROMIUM], { CHROMIUM_PATH: '/nowhere/chrome' }), true);
    expect(installs).toBe(0);
    expect(readiness.ok).toBe(false);
    if (readiness.ok) return;
    expect(readiness.message).toContain('CHROMIUM_PATH is /nowhere/chrome, which does not exist');
    expect(readiness.message).not.toContain('\n');
  });

  it('uses Playwright’s own Chromium without installing it again when Debian’s is missing and it is installed', () => {
    const probe = machine([PLAYWRIGHT]);
    expect(chooseChromium(probe)).toEqual({ use: 'playwright', installed: true });
    const { readiness, installs } = ensure(probe, false);
    expect(readiness.ok).toBe(true);
    expect(installs).toBe(0);
  });

  it(`runs \`${INSTALL_COMMAND}\` once when no Chromium is there, and goes on when it succeeds`, () => {
    const probe = machine([]);
    expect(chooseChromium(probe)).toEqual({ use: 'playwright', installed: false });
    const { readiness, installs } = ensure(probe, true);
    expect(installs).toBe(1);
    expect(readiness).toEqual({ ok: true, note: expect.stringContaining(INSTALL_COMMAND) });
  });

  it('stops at once with one line saying what to install when the download fails', () => {
    const { readiness, installs } = ensure(machine([]), false);
    expect(installs).toBe(1);
    expect(readiness).toEqual({ ok: false, message: INSTALL_FAILED_MESSAGE });
    expect(INSTALL_FAILED_MESSAGE).not.toContain('\n');
    expect(INSTALL_FAILED_MESSAGE).toContain('apt-get install chromium');
    expect(INSTALL_FAILED_MESSAGE).toContain('CHROMIUM_PATH');
    expect(INSTALL_FAILED_MESSAGE).toContain(INSTALL_COMMAND);
  });

  it('stops the same way when the install reports success but leaves no executable', () => {
    const probe = machine([]);
    const readiness = ensureChromium(probe, () => true);
    expect(readiness).toEqual({ ok: false, message: INSTALL_FAILED_MESSAGE });
  });
});
