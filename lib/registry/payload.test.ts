import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { RecordIncomplete, type RegistrationSource, recordProblem, registryRecord } from './payload';

const SHA = 'a'.repeat(64);

const source = (overrides: Partial<RegistrationSource> = {}): RegistrationSource => ({
  slug: 'volt-1',
  gtin: '04012345000016',
  serialNumber: 'SN 1/2',
  batchNumber: null,
  state: 'APPROVED',
  version: 3,
  versionSha256: SHA,
  fields: { commodity_code: '85076000', operator_identifier: 'DE-OP-1', operator_name: 'Volt GmbH' },
  company: { name: 'Volt Company', registrationNumber: 'DE-REG-9', backupUrl: null },
  ...overrides,
});

afterEach(() => {
  delete process.env.BACKUP_PUBLIC_URL;
  resetConfigForTests();
});

describe('the registry record', () => {
  it('names a serialised battery by its GS1 Digital Link URI on id.gs1.org and points at the address its carrier encodes', () => {
    const record = registryRecord(source());
    expect(record.uniqueProductIdentifier).toBe('https://id.gs1.org/01/04012345000016/21/SN%201%2F2');
    expect(record.passportUrl).toMatch(/^https?:\/\/[^/]+\/01\/04012345000016\/21\/SN%201%2F2$/);
    expect(record.passportDataUrl).toMatch(/\/api\/dpp\/volt-1$/);
    expect(record).toMatchObject({
      commodityCode: '85076000',
      economicOperatorIdentifier: 'DE-OP-1',
      economicOperatorName: 'Volt GmbH',
      passportStatus: 'active',
      passportVersion: 3,
      passportVersionSha256: SHA,
    });
    expect(recordProblem(record)).toBeNull();
  });

  it('uses the batch or the GTIN alone where there is no serial, and the passport URI where there is no GTIN', () => {
    expect(registryRecord(source({ serialNumber: null, batchNumber: 'B7' })).uniqueProductIdentifier).toBe(
      'https://id.gs1.org/01/04012345000016/10/B7',
    );
    expect(registryRecord(source({ serialNumber: null })).uniqueProductIdentifier).toBe(
      'https://id.gs1.org/01/04012345000016',
    );
    expect(registryRecord(source({ gtin: null })).uniqueProductIdentifier).toMatch(/^https?:\/\/[^/]+\/dpp\/volt-1$/);
  });

  it('says withdrawn or deprecated for those states, active for a served revision in progress', () => {
    expect(registryRecord(source({ state: 'WITHDRAWN' })).passportStatus).toBe('withdrawn');
    expect(registryRecord(source({ state: 'DEPRECATED' })).passportStatus).toBe('deprecated');
    expect(registryRecord(source({ state: 'DRAFT' })).passportStatus).toBe('active');
  });

  it("names the passport's address at the back-up: the ceased company's own, else BACKUP_PUBLIC_URL's, else none", () => {
    expect(registryRecord(source())).not.toHaveProperty('backupPassportUrl');
    process.env.BACKUP_PUBLIC_URL = 'https://backup.example/volt/';
    resetConfigForTests();
    expect(registryRecord(source()).backupPassportUrl).toBe(
      'https://backup.example/volt/01/04012345000016/21/SN%201%2F2',
    );
    const ceased = source({ company: { name: 'C', registrationNumber: 'R', backupUrl: 'https://keeper.example' } });
    expect(registryRecord(ceased).backupPassportUrl).toBe('https://keeper.example/01/04012345000016/21/SN%201%2F2');
    expect(recordProblem(registryRecord(ceased))).toBeNull();
    expect(recordProblem({ ...registryRecord(ceased), backupPassportUrl: 'nope' })).toBe(
      'backupPassportUrl is not a URI',
    );
  });

  it("falls back to the company's registration number and name for the economic operator", () => {
    const record = registryRecord(source({ fields: { commodity_code: '85076000' } }));
    expect(record.economicOperatorIdentifier).toBe('DE-REG-9');
    expect(record.economicOperatorName).toBe('Volt Company');
  });

  it('refuses to build a record without a commodity code of heading 8507 or an operator identifier, saying what to fix', () => {
    for (const code of [undefined, '', '85060000', '850760', '8507 60 00'])
      expect(() => registryRecord(source({ fields: { commodity_code: code, operator_identifier: 'X' } }))).toThrow(
        /commodity code \(commodity_code, 8 digits of CN heading 8507\)/,
      );
    expect(() =>
      registryRecord(
        source({
          fields: { commodity_code: '85076000' },
          company: { name: 'C', registrationNumber: null, backupUrl: null },
        }),
      ),
    ).toThrow(RecordIncomplete);
  });

  it('the local registry refuses bodies that are not records, naming the problem', () => {
    const good = registryRecord(source());
    expect(recordProblem(null)).toBe('the body is not a JSON object');
    expect(recordProblem([])).toBe('the body is not a JSON object');
    expect(recordProblem({ ...good, commodityCode: undefined })).toBe('missing: commodityCode');
    expect(recordProblem({ ...good, passportUrl: 'not a uri' })).toBe('passportUrl is not a URI');
    expect(recordProblem({ ...good, commodityCode: '85060000' })).toBe(
      'commodityCode is not a CN code of heading 8507',
    );
    expect(recordProblem({ ...good, passportStatus: 'gone' })).toBe('passportStatus is unknown');
    expect(recordProblem({ ...good, passportVersion: 0 })).toBe('passportVersion is invalid');
    expect(recordProblem({ ...good, passportVersionSha256: 'xyz' })).toBe('passportVersionSha256 is not a SHA-256');
  });
});
