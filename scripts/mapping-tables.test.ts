import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mappingTablesMarkdown } from './mapping-tables';

describe('docs/mapping-tables.md', () => {
  it('is the document the code makes (regenerate with npm run -s docs:mappings)', () => {
    const committed = readFileSync(new URL('../docs/mapping-tables.md', import.meta.url), 'utf8');
    expect(committed, 'docs/mapping-tables.md is out of date: run npm run -s docs:mappings').toBe(
      mappingTablesMarkdown(),
    );
  });

  it('has a row for every Battery Pass attribute 1 to 93 and names the fixed vocabulary IRIs', () => {
    const doc = mappingTablesMarkdown();
    for (let no = 1; no <= 93; no++) expect(doc, `attribute ${no}`).toMatch(new RegExp(`^\\| ${no} \\|`, 'm'));
    expect(doc).toContain('`https://w3id.org/batterypassportservice/ns/dpp/ratedCapacityAh`');
    expect(doc).toContain('`credentialSubject.emissionsScorecard.carbonFootprint`');
  });
});
