// The import and batch-review kit for the browser specs: a company whose drafts an ERP file updates, the file and
// mapping that do it, and the review queue's batch card.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { normaliseGtin, withCheckDigit } from '../../lib/gs1/gtin';
import { CATEGORY_SCHEMAS } from '../../lib/schema/categories';
import { exampleFormData } from '../../lib/schema/examples';
import { createTestProduct } from '../factories';
import { createTestMapping, csvFile } from '../imports';
import { db } from './passport-pages';

const EXAMPLES = exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);

export const IMPORT_HEADER = ['Seriennummer', 'GTIN', 'Modellnummer'] as const;

/**
 * `count` complete drafts of one GTIN with serials `<prefix>-1`…, a mapping of IMPORT_HEADER, and a CSV that gives
 * each a new model number plus one row with a broken GTIN (the last row, a row error): the rows update the drafts,
 * which stay complete, so the import's submission puts all of them in review as one batch.
 */
export async function importFixture(companyId: string, count: number) {
  const gtin = withCheckDigit(`40${String(randomInt(1e9)).padStart(10, '0')}`);
  const prefix = `E2E${randomInt(1e6)}`;
  const drafts = [];
  for (let i = 1; i <= count; i++)
    // Stored as GTIN-14, the form imports look passports up by.
    drafts.push(
      await createTestProduct(db(), {
        companyId,
        gtin: normaliseGtin(gtin),
        serialNumber: `${prefix}-${i}`,
        formData: EXAMPLES,
      }),
    );
  const mapping = await createTestMapping(
    companyId,
    [
      { column: 'Seriennummer', fieldId: 'serialNumber' },
      { column: 'GTIN', fieldId: 'gtin' },
      { column: 'Modellnummer', fieldId: 'model_number' },
    ],
    db(),
  );
  const badGtin = `${gtin.slice(0, -1)}${(Number(gtin.at(-1)) + 1) % 10}`;
  const rows = [
    ...drafts.map((d) => [d.serialNumber, gtin, `VX-${prefix}`]),
    [`${prefix}-bad`, badGtin, `VX-${prefix}`],
  ];
  const file = csvFile(IMPORT_HEADER, rows, { delimiter: ',' });
  return { drafts, mapping, file, fileName: `${prefix.toLowerCase()}-export.csv`, badRow: rows.length + 1 };
}

/** The review queue's card of an import's batch, named by its heading. */
export const batchCard = (page: Page, fileName: string) => page.getByRole('region', { name: `Import ${fileName}` });
