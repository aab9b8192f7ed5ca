// The PoLI test kit: a manufacturer with reviewers and a published passport holding marker values in its restricted
// fields, the review decisions as the portal will make them, and the emailed links as a verifier finds them.
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { resetConfigForTests } from '../../lib/config';
import type { PoliRole } from '../../lib/db/generated/enums';
import type { DomainContext } from '../../lib/domain/context';
import { approvePoliRequest, rejectPoliRequest, requestPoliAccess, verifyPoliEmail } from '../../lib/poli';
import { createTestOperator } from '../factories';
import { db, gtin14WithLeadingZeros, publishTestPassport } from './passport-pages';
import { signIn } from './portal';

// Links in mails written from this process must name the server under test, as the server's own mails do.
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
process.env.BASE_URL = BASE_URL;
resetConfigForTests();

export { db };

export const uniqueEmail = (label = 'verifier') => `${label}.${randomBytes(4).toString('hex')}@recycler.example`;

/** Values no public field could hold: one per restricted tier, in a text field and an array member. */
export function markers() {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  return {
    cathode: `LI-MARKER-${tag}-cathode`,
    accident: `LI-MARKER-${tag}-accident`,
    report: `AUTHORITY-MARKER-${tag}-report`,
  };
}

export async function poliPassport() {
  const mark = markers();
  const passport = await publishTestPassport({
    gtin: gtin14WithLeadingZeros(),
    serialNumber: `SN-POLI-${randomBytes(3).toString('hex')}`,
    formData: {
      cathode_materials: mark.cathode,
      accident_information: mark.accident,
      test_reports: [{ title: mark.report, url: 'https://reports.example/poli-1', issued_on: '2025-01-20' }],
    },
  });
  const reviewer = await createTestOperator(db(), { companyId: passport.companyId, role: 'REVIEWER' });
  return { passport, reviewer, mark };
}

export type PoliSetup = Awaited<ReturnType<typeof poliPassport>>;

/** The reviewer signs in to the portal (in a browser of their own) and approves the request on its screen. */
export async function approveInPortal(page: Page, setup: PoliSetup, requestId: string) {
  await signIn(page, setup.reviewer);
  await page.goto(`/portal/access-requests/${requestId}`);
  await page.getByLabel(/^Grant .* access to /).check();
  await page.getByRole('button', { name: 'Approve and send the access link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Approved\. An access link was emailed/ })).toBeVisible();
}

/** The signed-in reviewer revokes the granted access on the request's screen. */
export async function revokeInPortal(page: Page, requestId: string) {
  await page.goto(`/portal/access-requests/${requestId}`);
  await page.getByLabel(/End .* access to .* now/).check();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Access revoked for / })).toBeVisible();
}

/** The reviewer's decisions through the domain verbs, for tests about what follows a decision. */
function reviewerCtx(setup: PoliSetup): DomainContext {
  return { companyId: setup.passport.companyId, actor: { role: 'REVIEWER', id: setup.reviewer.id, channel: 'Portal' } };
}

export const approveAsReviewer = (setup: PoliSetup, requestId: string) =>
  approvePoliRequest({ ctx: reviewerCtx(setup), input: { requestId }, db: db() });
export const rejectAsReviewer = (setup: PoliSetup, requestId: string, reason: string) =>
  rejectPoliRequest({ ctx: reviewerCtx(setup), input: { requestId, reason }, db: db() });

export async function requestIdOf(email: string): Promise<string> {
  return (await db().poliRequest.findFirstOrThrow({ where: { email }, orderBy: { createdAt: 'desc' } })).id;
}

/** The first link of the newest mail to an address with this subject start, read from the dev mailbox page. */
export async function mailboxLink(page: Page, to: string, subjectStart: string): Promise<string> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const mail = page.getByRole('article', { name: new RegExp(`^${subjectStart}`) }).first();
  return (await mail.getByRole('link').first().getAttribute('href'))!;
}

/** A request brought to an emailed access link through the domain verbs (for tests about what follows). */
export async function approvedAccessLink(setup: PoliSetup, role: PoliRole = 'RECYCLER') {
  const email = uniqueEmail();
  const created = await requestPoliAccess({
    input: { productId: setup.passport.id, email, name: 'Vera Verifier', organisation: 'Circular Metals BV', role },
    db: db(),
  });
  if (created.kind !== 'created') throw new Error('request not stored');
  const verifyLink = (await lastMail(email)).links[0];
  const verified = await verifyPoliEmail({ input: { token: new URL(verifyLink).searchParams.get('token') }, db: db() });
  if (!verified.ok) throw new Error('verification failed');
  await approveAsReviewer(setup, created.requestId);
  return { email, requestId: created.requestId, accessLink: (await lastMail(email)).links[0] };
}

export const lastMail = (to: string) =>
  db().emailOutbox.findFirstOrThrow({ where: { to }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
