// Access tiers to the letter of Art. 77(2) of Regulation (EU) 2023/1542: which Annex XIII points each role opens.
import { describe, expect, it } from 'vitest';
import { ART_77_POINTS } from '../../testing/access-tiers';
import type { PoliRole } from '../db/generated/enums';
import { CATEGORY_SCHEMAS, getCategorySchema } from '../schema/categories';
import { annexPointOf, grantedGroups, grantedMembers, opensIndividualBattery } from './restricted-fields';
import { POLI_ROLES, tierForRole } from './roles';

const schema = getCategorySchema('EV_BATTERY', 1)!;
const ids = (groups: ReturnType<typeof grantedGroups>) => groups.flatMap((g) => g.fields.map((f) => f.id));

const TABLE: { role: PoliRole; points: number[] }[] = ART_77_POINTS;
/** One field of each point, named by the schema's own Annex XIII references. */
const SAMPLE = { 2: 'cathode_materials', 3: 'test_reports', 4: 'accident_information' } as const;

describe('the Annex XIII point of a field', () => {
  it('follows the reference, else the group: composition and dismantling 2, test reports 3, the battery 4', () => {
    const byId = new Map(schema.fields.map((f) => [f.id, f]));
    expect(annexPointOf(byId.get('cathode_materials')!)).toBe(2);
    expect(annexPointOf(byId.get('dismantling_documents')!)).toBe(2);
    expect(annexPointOf(byId.get('test_reports')!)).toBe(3);
    expect(annexPointOf(byId.get('battery_status')!)).toBe(4);
    expect(annexPointOf(byId.get('remaining_capacity_ah')!)).toBe(4);
    expect(annexPointOf(byId.get('capacity_fade_pct')!)).toBe(4);
    expect(annexPointOf(byId.get('model_number')!)).toBeNull();
  });

  it('every restricted field of every category lands on point 2, 3 or 4', () => {
    for (const s of Object.values(CATEGORY_SCHEMAS))
      for (const f of s.fields.filter((f) => f.access !== 'public')) expect([2, 3, 4], f.id).toContain(annexPointOf(f));
  });
});

describe('what a grant opens, role by role (Art. 77(2))', () => {
  it.each(TABLE)('$role opens points $points', ({ role, points }) => {
    const opened = ids(grantedGroups(schema, role));
    const expected = schema.fields.filter((f) => points.includes(annexPointOf(f) ?? 1)).map((f) => f.id);
    expect(opened.sort()).toEqual(expected.sort());
    for (const point of [2, 3, 4] as const) {
      if (points.includes(point)) expect(opened, `point ${point}`).toContain(SAMPLE[point]);
      else expect(opened, `point ${point}`).not.toContain(SAMPLE[point]);
    }
    expect(opened.some((id) => schema.fields.find((f) => f.id === id)!.access === 'public')).toBe(false);
    expect(opensIndividualBattery(role)).toBe(points.includes(4));
  });

  it('array members follow the grant too', () => {
    const reports = schema.fields.find((f) => f.id === 'test_reports')!;
    expect(grantedMembers(reports, 'RECYCLER')).toEqual([]);
    expect(grantedMembers(reports, 'NOTIFIED_BODY').map((m) => m.id)).toEqual(['title', 'url', 'issued_on']);
  });

  it('the role picks the tier: six legitimate interest (the purchaser among them), three authorities', () => {
    const byTier = (tier: string) => POLI_ROLES.filter((r) => tierForRole(r.role) === tier).map((r) => r.role);
    expect(byTier('LEGITIMATE_INTEREST')).toEqual([
      'REPAIRER',
      'REMANUFACTURER',
      'RECYCLER',
      'SECOND_LIFE_OPERATOR',
      'ECONOMIC_OPERATOR',
      'PURCHASER',
    ]);
    expect(byTier('AUTHORITY')).toEqual(['NOTIFIED_BODY', 'MARKET_SURVEILLANCE_AUTHORITY', 'EUROPEAN_COMMISSION']);
    expect(POLI_ROLES.map((r) => r.role).sort()).toEqual(TABLE.map((r) => r.role).sort());
  });
});
