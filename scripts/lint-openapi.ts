// `npm run lint:openapi`: the Integration API and BMS OpenAPI documents, built in process by the builders their
// routes use, linted with Redocly's recommended rules (redocly.yaml). Any error or warning fails the run. Offline:
// Redocly's usage telemetry and its update check are switched off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBmsOpenApiDocument, servedBmsDocumentOptions } from '../lib/bms/openapi/document';
import { INTEGRATION_ENDPOINTS } from '../lib/integration/api/index';
import { buildOpenApiDocument, servedDocumentOptions } from '../lib/integration/openapi/document';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The served documents name the configured BASE_URL (localhost in development, which the no-server-example.com rule
// flags); a reserved host (RFC 2606) stands in for the deployment's own, so only what the code writes is judged.
const baseUrl = 'https://passports.invalid';

const documents = {
  'integration-openapi.json': buildOpenApiDocument(INTEGRATION_ENDPOINTS, { ...servedDocumentOptions(), baseUrl }),
  'bms-openapi.json': buildBmsOpenApiDocument({ ...servedBmsDocumentOptions(), baseUrl }),
};

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/** Redocly's JSON report of one document, or null when it did not produce one (a crash, a missing binary). */
function lint(file: string): { totals: { errors: number; warnings: number }; problems: Problem[] } | null {
  const run = spawnSync(
    join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', join(root, 'redocly.yaml'), '--format=json', '--max-problems=1000'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  try {
    return JSON.parse(run.stdout);
  } catch {
    console.error(run.error?.message ?? run.stderr);
    return null;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
let failed = false;
try {
  for (const [name, document] of Object.entries(documents)) {
    const file = join(dir, name);
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    const report = lint(file);
    if (!report) {
      console.log(`${name}: Redocly produced no report`);
      failed = true;
      continue;
    }
    const { errors, warnings } = report.totals;
    console.log(`${name}: ${errors} errors, ${warnings} warnings`);
    for (const p of report.problems)
      console.log(`  ${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    if (errors + warnings > 0) failed = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
