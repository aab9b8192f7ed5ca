import { test as base, expect } from '@playwright/test';
import { clientAddress } from '../client-address';

/** Every test speaks as its own client: the server behind one trusted proxy hop keys limits on this address. */
export const test = base.extend<{ clientIp: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  clientIp: async ({}, use) => {
    await use(clientAddress());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
});

export { expect };
