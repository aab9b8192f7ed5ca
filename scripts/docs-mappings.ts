// Writes docs/mapping-tables.md from the code (`npm run -s docs:mappings`); scripts/mapping-tables.test.ts checks
// that the committed document is the one this writes.
import { writeFileSync } from 'node:fs';
import { mappingTablesMarkdown } from './mapping-tables';

const target = new URL('../docs/mapping-tables.md', import.meta.url);
writeFileSync(target, mappingTablesMarkdown());
console.log(`wrote ${target.pathname}`);
