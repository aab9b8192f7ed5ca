// The Content Security Policy as the browser applies it: the nonce an answer's policy names, the nonces the page's
// scripts carry, and the violations the page reports on its console.
import type { Page } from '@playwright/test';

/** The nonce of a `Content-Security-Policy` header value. */
export const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)![1];

/** The nonces of the page's executable scripts (browsers hide them from getAttribute). */
export async function scriptNonces(page: Page): Promise<Set<string | undefined>> {
  const nonces = await page
    .locator('script:not([type="application/ld+json"])')
    .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
  return new Set(nonces);
}

/** Every policy violation the page reports from now on, collected as it reports it. */
export function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
