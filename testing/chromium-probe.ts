import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { ChromiumProbe } from './chromium';

/** This machine as testing/chromium.ts's rule sees it. */
export function machineChromiumProbe(): ChromiumProbe {
  return { env: process.env, exists: existsSync, playwrightChromium: chromium.executablePath() };
}
