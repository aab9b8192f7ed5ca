// `npm run audit`: the dependency audit CI runs. `npm audit --omit=dev` fails on any high or critical advisory in
// what the service ships. When the registry's advisory endpoint cannot be used (some mirrors and sandboxes refuse
// it), no audit takes place: that is said plainly and, unless AUDIT_REQUIRED=1, does not fail the run.
import { spawnSync } from 'node:child_process';
import { type AuditReport, judgeAudit } from './audit-report';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report: AuditReport;
try {
  report = JSON.parse(result.stdout || '{}');
} catch {
  report = { message: (result.stdout || result.stderr || `npm audit exited with ${result.status}`).slice(0, 500) };
}

const verdict = judgeAudit(report);
if (!verdict.performed) {
  console.log(`Dependency audit NOT performed: the advisory endpoint could not be used (${verdict.why}).`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}
console.log(
  `Dependency audit of production dependencies: ${Object.entries(verdict.counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}`,
);
for (const s of verdict.serious)
  console.log(`  ${s.severity.toUpperCase()} ${s.name} (fix available: ${s.fixAvailable ? 'yes' : 'no'})`);
process.exit(verdict.serious.length ? 1 : 0);
