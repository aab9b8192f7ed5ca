import { defineEndpoint, type Endpoint } from '../endpoint';
import { EraseResult, SubjectBody, SubjectData, SubjectExport } from './gdpr/schemas';

const tag = 'GDPR';
const common = {
  method: 'POST' as const,
  tag,
  scope: 'gdpr:admin' as const,
  body: SubjectBody,
  liveOnly: true,
};
const scopeNote =
  "Live keys only (a sandbox key: 403 CROSS_MODE_DENIED); only the key's company's data. The request is recorded by a hash of the address.";

export const gdprAccessEndpoint = defineEndpoint({
  ...common,
  path: '/api/v1/gdpr/access',
  operationId: 'gdprAccess',
  summary: 'Data-subject access',
  description: `Everything the company holds about an email address: PoLI requests and grants, operator accounts, outbox mails, audit entries. ${scopeNote}`,
  // The answer is personal data: its idempotency record is stored encrypted, and erase deletes it.
  sensitiveResponse: true,
  response: { status: 200, description: "The subject's data.", schema: SubjectData },
});

export const gdprPortabilityEndpoint = defineEndpoint({
  ...common,
  path: '/api/v1/gdpr/portability',
  operationId: 'gdprPortability',
  summary: 'Data-subject export',
  description: `The same data as access, as a versioned JSON export (\`format\`) with Content-Disposition: attachment. ${scopeNote}`,
  sensitiveResponse: true,
  response: { status: 200, description: 'The export (gdpr-export-<date>.json).', schema: SubjectExport },
});

export const gdprEraseEndpoint = defineEndpoint({
  ...common,
  path: '/api/v1/gdpr/erase',
  operationId: 'gdprErase',
  summary: 'Data-subject erasure',
  description:
    "Pseudonymises the company's rows about the address (PoLI requests, mails, operator accounts), clears names and " +
    'messages, revokes PoLI tokens and grants and disables operator accounts. Audit rows and passport versions never hold the ' +
    `address and stay intact. ${scopeNote}`,
  response: { status: 200, description: 'The counts erased.', schema: EraseResult },
});

/** Data-subject (GDPR) operations: gdpr:admin keys, live mode only. */
export const gdprEndpoints: Endpoint[] = [gdprAccessEndpoint, gdprPortabilityEndpoint, gdprEraseEndpoint] as Endpoint[];
