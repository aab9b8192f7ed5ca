import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestOperator } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { ServiceError } from '../../errors';
import { parseLanguageChoice, setOperatorLanguage } from './language';

afterAll(() => disconnectPrisma());

describe("an operator's portal language (profile)", () => {
  it("takes English, German or the browser's (empty), and refuses any other value with a field message", () => {
    expect(parseLanguageChoice('de')).toBe('de');
    expect(parseLanguageChoice('en')).toBe('en');
    expect(parseLanguageChoice('')).toBeNull();
    for (const value of ['fr', 'DE', 'de-DE', ' de']) {
      expect(() => parseLanguageChoice(value)).toThrow(ServiceError);
    }
  });

  it('saves the choice on the operator alone', async () => {
    const company = await createTestCompany(prisma);
    const user = await createTestOperator(prisma, { companyId: company.id, role: 'REVIEWER' });
    const colleague = await createTestOperator(prisma, { companyId: company.id, role: 'ADMIN' });
    await setOperatorLanguage(user.id, 'de');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).locale).toBe('de');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: colleague.id } })).locale).toBeNull();
    await setOperatorLanguage(user.id, null);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).locale).toBeNull();
  });
});
