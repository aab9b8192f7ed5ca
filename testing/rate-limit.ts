import { vi } from 'vitest';
import type { RateLimitPolicies } from '../lib/http/rate-limit/types';

export const WINDOW_MS = 60_000;

export const TEST_POLICIES: RateLimitPolicies = {
  edge: { limit: 5, windowSeconds: 60 },
  dpp: { limit: 3, windowSeconds: 60 },
  apiKey: { limit: 4, windowSeconds: 60 },
  bmsSecret: { limit: 2, windowSeconds: 1 },
};

/** Pins Date.now() one second into a fixed window, so a test never straddles a window boundary. */
export function pinClockIntoWindow(): number {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  vi.setSystemTime(start + 1000);
  return start;
}

export function uniquePrefix(label: string): string {
  return `test:${label}:${crypto.randomUUID()}`;
}
