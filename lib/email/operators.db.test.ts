import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestOperator } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { mailDeciders } from './operators';
import { handoverOfferedEmail } from './templates/handover';
import { reviewNoticeEmail } from './templates/poli';

afterAll(() => disconnectPrisma());

const offer = {
  companyName: 'Zweitleben GmbH',
  fromCompany: 'Voltaris GmbH',
  toCompany: 'Zweitleben GmbH',
  productName: 'Aurora EV 75',
  handoverReason: 'REPURPOSED' as const,
  link: 'http://x/portal/handovers/1',
  note: null,
  expiresAt: '2026-12-27T10:00:00.000Z',
};

describe("mails to a company's deciders speak each operator's portal language", () => {
  it('reaches every active admin and reviewer in the language each chose, never an editor or a disabled operator', async () => {
    const company = await createTestCompany(prisma);
    const german = await createTestOperator(prisma, { companyId: company.id, role: 'REVIEWER' });
    const english = await createTestOperator(prisma, { companyId: company.id, role: 'ADMIN' });
    const editor = await createTestOperator(prisma, { companyId: company.id, role: 'EDITOR' });
    const gone = await createTestOperator(prisma, { companyId: company.id, role: 'ADMIN' });
    await prisma.user.update({ where: { id: german.id }, data: { locale: 'de' } });
    await prisma.user.update({ where: { id: gone.id }, data: { disabledAt: new Date() } });

    await inTransaction(prisma, (tx) =>
      mailDeciders(tx, { id: company.id, contactEmail: 'contact@example.com' }, (locale) =>
        handoverOfferedEmail({ ...offer, locale }),
      ),
    );
    const mails = await prisma.emailOutbox.findMany({ where: { companyId: company.id } });
    const subjectTo = (email: string) => mails.find((m) => m.to === email)?.subject;
    expect(subjectTo(german.email)).toBe('Batteriepass für Sie angeboten: Aurora EV 75');
    expect(subjectTo(english.email)).toBe('Battery passport offered to you: Aurora EV 75');
    expect(mails.map((m) => m.to).sort()).toEqual([german.email, english.email].sort());
    expect(subjectTo(editor.email)).toBeUndefined();
    const body = mails.find((m) => m.to === german.email)!.text;
    expect(body).toContain(
      'Voltaris GmbH bietet Zweitleben GmbH den Batteriepass von Aurora EV 75 an (umfunktioniert).',
    );
    expect(body).toContain('Das Angebot läuft am 2026-12-27 (UTC) ab');
  });

  it("falls back to the company's contact address, in English, when it has no decider", async () => {
    const company = await createTestCompany(prisma);
    await inTransaction(prisma, (tx) =>
      mailDeciders(tx, { id: company.id, contactEmail: `contact-${company.id}@example.com` }, (locale) =>
        handoverOfferedEmail({ ...offer, locale }),
      ),
    );
    const mails = await prisma.emailOutbox.findMany({ where: { companyId: company.id } });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [`contact-${company.id}@example.com`, 'Battery passport offered to you: Aurora EV 75'],
    ]);
  });

  it("names the requester's role and tier in the reviewer's language", () => {
    const notice = (locale: 'en' | 'de') =>
      reviewNoticeEmail({
        companyName: 'Voltaris GmbH',
        productName: 'Aurora EV 75',
        requester: { name: 'Vera', organisation: 'Circular Metals BV', email: 'vera@example.com', role: 'RECYCLER' },
        link: 'http://x/portal/access-requests/1',
        locale,
      });
    expect(notice('en').subject).toBe('Access request to review: Aurora EV 75');
    expect(notice('en').text).toContain('as Recycler (legitimate interest)');
    expect(notice('de').subject).toBe('Zugangsanfrage zur Prüfung: Aurora EV 75');
    expect(notice('de').text).toContain('bittet um Zugang');
    expect(notice('de').text).not.toContain('Recycler (legitimate interest)');
  });
});
