import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMA_VERSIONS } from './categories';
import { ALL_FIELD_SPECS } from './fields';
import { IDTA_MAPPINGS, IDTA_PARTS, idtaReferenceOf, idtaTableMarkdown } from './idta';
import { BATTERY_CATEGORIES } from './types';

const keysOfSpecs = ALL_FIELD_SPECS.flatMap((f) => [f.id, ...(f.items ?? []).map((i) => `${f.id}.${i.id}`)]);

describe('IDTA 02035 mapping of the fields (reference.idta)', () => {
  it('names every field and array member of every category, mapped or with the reason the templates have no element', () => {
    expect(Object.keys(IDTA_MAPPINGS).sort()).toEqual([...keysOfSpecs].sort());
    for (const [key, mapping] of Object.entries(IDTA_MAPPINGS)) {
      if ('gap' in mapping) expect(mapping.gap.length, key).toBeGreaterThan(20);
      else {
        expect(Object.keys(IDTA_PARTS), key).toContain(mapping.part);
        expect(mapping.semanticId, key).toMatch(/^(urn:samm:|https:\/\/admin-shell\.io\/|0112\/2\/\/\/|0173-1#)/);
        expect(mapping.idShortPath, key).toMatch(/^[A-Za-z][A-Za-z0-9_]*(\[\])?(\.[A-Za-z][A-Za-z0-9_]*(\[\])?)*$/);
      }
    }
  });

  it('rides on each field spec as reference.idta, array members included', () => {
    const soh = ALL_FIELD_SPECS.find((f) => f.id === 'current_soh_pct');
    expect(soh?.reference.idta).toEqual({
      part: '02035-5',
      semanticId: 'urn:samm:io.admin-shell.idta.batterypass.product_condition:1.0.1#stateOfCertifiedEnergyValue',
      idShortPath: 'StateOfCertifiedEnergy.StateOfCertifiedEnergyValue',
    });
    const cas = ALL_FIELD_SPECS.find((f) => f.id === 'hazardous_substances')?.items?.find((i) => i.id === 'cas_number');
    expect(cas?.reference.idta?.idShortPath).toBe('HazardousSubstances[].HazardousSubstanceIdentifier');
    expect(ALL_FIELD_SPECS.find((f) => f.id === 'commodity_code')?.reference.idta).toBeUndefined();
    expect(idtaReferenceOf('commodity_code')).toBeNull();
  });

  it('stays out of the installed schema versions, whose hashes the installer checks', () => {
    for (const c of BATTERY_CATEGORIES)
      for (const schema of CATEGORY_SCHEMA_VERSIONS[c])
        for (const f of schema.fields) {
          expect(f.reference, `${c}@${schema.version} ${f.id}`).not.toHaveProperty('idta');
          for (const i of f.items ?? []) expect(i.reference).not.toHaveProperty('idta');
        }
  });
});

describe('docs/data-model.md', () => {
  it('shows the mapping table as the code has it (every field, its element or its gap)', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/data-model.md', import.meta.url)), 'utf8');
    expect(doc).toContain(idtaTableMarkdown(keysOfSpecs));
  });
});
