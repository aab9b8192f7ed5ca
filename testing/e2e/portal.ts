// The portal test kit: a company with operators of each role, signed in through the real sign-in page.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Company } from '../../lib/db/generated/client';
import type { UserRole } from '../../lib/db/generated/enums';
import { createTestCompany, createTestOperator } from '../factories';
import { db } from './passport-pages';

export { db };

export interface PortalUser {
  id: string;
  email: string;
  password: string;
  role: UserRole;
  companyId: string;
}

/** A fresh company and one operator per requested role. */
export async function newPortalCompany(roles: UserRole[] = ['ADMIN']) {
  const company = await createTestCompany(db());
  const users = {} as Record<UserRole, PortalUser>;
  for (const role of roles) {
    const user = await createTestOperator(db(), { companyId: company.id, role });
    users[role] = { id: user.id, email: user.email, password: user.password, role, companyId: company.id };
  }
  return { company, users };
}

/**
 * The portal language an operator chose in their profile ('de' or 'en'; null follows the browser), written as the
 * profile page writes it. Sign in as usual (the sign-in page follows the browser, English in the tests); every page
 * after it speaks the chosen language.
 */
export async function choosePortalLanguage(user: { id: string }, locale: 'en' | 'de' | null) {
  await db().user.update({ where: { id: user.id }, data: { locale } });
}

/** Signs in through the sign-in form, as a person would, and waits for the dashboard (or `expectPath`). */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  expectPath: string | RegExp = '/portal',
  { navigate = true }: { navigate?: boolean } = {},
) {
  // navigate: false signs in on the sign-in page the browser was sent to (keeping where it goes back to).
  if (navigate) await page.goto('/portal/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(
    typeof expectPath === 'string' ? new RegExp(`${escapeRegExp(expectPath)}$`) : expectPath,
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * No serious or critical axe-core violation on the current page. The page's title is streamed with its metadata and
 * may land after the body a test waited for: axe runs once the document has one (else it reads a page mid-stream).
 */
export async function expectAccessible(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The message a portal form shows (Next's route announcer is an empty alert outside every form). */
export const formMessage = (page: Page) =>
  page.locator('form').getByRole('alert').or(page.locator('form').getByRole('status'));

/** An audit row of a company, written as a reviewer in the portal wrote it at `at` (ISO), for the audit trail's tests. */
export const auditRow = (
  company: Pick<Company, 'id'>,
  row: { eventType: string; at: string; actorId?: string; productId?: string; context?: object },
) =>
  db().auditLog.create({
    data: {
      companyId: company.id,
      productId: row.productId ?? null,
      eventType: row.eventType,
      actorRole: 'REVIEWER',
      actorId: row.actorId ?? `rev-${randomBytes(3).toString('hex')}`,
      eventChannel: 'Portal',
      eventContext: row.context ?? {},
      createdAt: new Date(row.at),
    },
  });
