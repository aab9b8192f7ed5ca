import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '../schema/categories';
import { grantedGroups, grantedMembers } from './restricted-fields';
import { fieldTiersOf, POLI_ROLES, tierForRole } from './roles';

const schema = getCategorySchema('EV_BATTERY', 1)!;
const ids = (groups: ReturnType<typeof grantedGroups>) => groups.flatMap((g) => g.fields.map((f) => f.id));

describe('what a grant opens', () => {
  it('legitimate interest: every legitimate-interest field, no authority field, no public field', () => {
    const opened = ids(grantedGroups(schema, 'LEGITIMATE_INTEREST'));
    const expected = schema.fields.filter((f) => f.access === 'legitimate_interest').map((f) => f.id);
    expect(opened.sort()).toEqual(expected.sort());
    expect(opened).toContain('dismantling_documents');
    expect(opened).not.toContain('test_reports');
  });

  it('authority: the authority fields and the legitimate-interest ones', () => {
    const opened = ids(grantedGroups(schema, 'AUTHORITY'));
    expect(opened.sort()).toEqual(
      schema.fields
        .filter((f) => f.access !== 'public')
        .map((f) => f.id)
        .sort(),
    );
    expect(opened).toContain('test_reports');
  });

  it('array members follow the grant too', () => {
    const reports = schema.fields.find((f) => f.id === 'test_reports')!;
    expect(grantedMembers(reports, 'LEGITIMATE_INTEREST')).toEqual([]);
    expect(grantedMembers(reports, 'AUTHORITY').map((m) => m.id)).toEqual(['title', 'url', 'issued_on']);
  });

  it('the role picks the tier: five economic operators legitimate interest, three authorities authority', () => {
    const byTier = (tier: string) => POLI_ROLES.filter((r) => tierForRole(r.role) === tier).map((r) => r.role);
    expect(byTier('LEGITIMATE_INTEREST')).toEqual([
      'REPAIRER',
      'REMANUFACTURER',
      'RECYCLER',
      'SECOND_LIFE_OPERATOR',
      'ECONOMIC_OPERATOR',
    ]);
    expect(byTier('AUTHORITY')).toEqual(['NOTIFIED_BODY', 'MARKET_SURVEILLANCE_AUTHORITY', 'EUROPEAN_COMMISSION']);
    expect(fieldTiersOf('AUTHORITY')).toEqual(['legitimate_interest', 'authority']);
  });
});
