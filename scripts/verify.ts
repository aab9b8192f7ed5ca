// The independent verifier of signed passports: `npm run -s verify -- <credential URL or file> [flags] [--json]`.
// It needs no database and no configuration of the service. With --json, stdout carries exactly one JSON document
// (the report); exit 0 only when the credential is valid, 1 when it is not (or cannot be fetched), 2 on a usage error.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { VerifierInputError } from '../lib/verifier/failure';
import { type CredentialInput, type VerificationReport, verifyPassportCredential } from '../lib/verifier/verify';

const USAGE = `Usage: npm run -s verify -- <credential URL or file> [--did-document FILE] [--status-list FILE ...] [--offline] [--json]
  <credential URL>  http(s) address of a credential (/api/dpp/{slug}/v/{n}/credential, or the version's /v/{n})
  <file>            a file holding the credential's compact JWS
  --did-document F  the issuer's DID document (JSON) instead of fetching it from its did:web address
  --status-list F   a status list credential (its JWS) saved from its address; repeat for each list
  --offline         fetch nothing: the served bytes are not checked, the status only with --status-list files
Exit code: 0 valid, 1 not valid or not reachable, 2 usage.`;

class UsageError extends Error {}

const OPTIONS = {
  json: { type: 'boolean' },
  offline: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'did-document': { type: 'string' },
  'status-list': { type: 'string', multiple: true },
} as const;

function readFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `cannot read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

function parseJsonFile(path: string, what: string): unknown {
  try {
    return JSON.parse(readFile(path, what));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${what} ${path} is not JSON`);
  }
}

function parse(argv: string[]) {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.help) throw new UsageError('');
  if (positionals.length !== 1) throw new UsageError('give one credential: its URL or a file holding it.');
  const [target] = positionals;
  const isUrl = /^https?:\/\//i.test(target);
  if (isUrl && values.offline) throw new UsageError('--offline needs the credential as a file, not a URL.');
  if (isUrl && !URL.canParse(target)) throw new UsageError(`"${target}" is not a URL.`);
  const input: CredentialInput = isUrl ? { url: target } : { jws: readFile(target, 'the credential file') };
  const didDocument = values['did-document'] ? parseJsonFile(values['did-document'], 'the DID document') : undefined;
  const statusLists = (values['status-list'] ?? []).map((f) => readFile(f, 'the status list'));
  return { input, options: { didDocument, statusLists, offline: values.offline ?? false }, json: values.json ?? false };
}

const MARK = { true: 'ok  ', false: 'FAIL', null: '--  ' } as const;

function human(report: VerificationReport): string {
  const lines = [report.valid ? 'valid' : 'NOT VALID'];
  if (report.issuer) lines.push(`issuer:     ${report.issuer.name ?? '(no name)'} (${report.issuer.id})`);
  if (report.passport) {
    const version = report.version === null ? '' : `, version ${report.version}`;
    lines.push(`passport:   ${report.passport.slug ?? report.passport.url}${version}`);
  }
  if (report.credentialId) lines.push(`credential: ${report.credentialId}`);
  if (report.kid) lines.push(`key:        ${report.kid}`);
  lines.push('checks:');
  for (const check of report.checks)
    lines.push(`  ${MARK[String(check.ok) as keyof typeof MARK]} ${check.name.padEnd(13)}${check.detail}`);
  if (report.reasons.length > 0) lines.push('why not valid:', ...report.reasons.map((r) => `  - ${r}`));
  return lines.join('\n');
}

const write = (stream: NodeJS.WriteStream, s: string) =>
  new Promise<void>((resolve) => stream.write(s, () => resolve()));

async function main(): Promise<number> {
  try {
    const { input, options, json } = parse(process.argv.slice(2));
    const report = await verifyPassportCredential(input, options);
    await write(process.stdout, json ? `${JSON.stringify(report, null, 2)}\n` : `${human(report)}\n`);
    return report.valid ? 0 : 1;
  } catch (err) {
    if (err instanceof UsageError || err instanceof VerifierInputError) {
      await write(process.stderr, `${err.message ? `verify: ${err.message}\n\n` : ''}${USAGE}\n`);
      return 2;
    }
    await write(process.stderr, `verify: ${(err as Error)?.message || String(err)}\n`);
    return 1;
  }
}

process.exit(await main());
