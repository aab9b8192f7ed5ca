import { randomInt } from 'node:crypto';
import { test as base, expect } from '@playwright/test';

/** A documentation-range address (TEST-NET-2) unique enough that no two tests share a rate-limit bucket. */
export function clientAddress(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

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
