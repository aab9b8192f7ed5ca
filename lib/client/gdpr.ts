// GDPR: data-subject access, portability and erasure for one email address (gdpr:admin keys, live mode only).
// Types written from the contract and the OpenAPI document, never imported from the server.
import type { RequestOptions, Transport } from './http';

export interface PoliRequestRecord {
  id: string;
  productId: string;
  email: string;
  name: string;
  organisation: string;
  role: string;
  tier: string;
  status: string;
  createdAt: string;
  verifiedAt: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  accessTokenExpiresAt: string | null;
  accessTokenUsedAt: string | null;
}

export interface PoliGrantRecord {
  id: string;
  requestId: string;
  productId: string;
  tier: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
}

export interface OperatorAccountRecord {
  id: string;
  email: string;
  name: string | null;
  role: string;
  createdAt: string;
  disabledAt: string | null;
  lastLoginAt: string | null;
}

export interface EmailRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

export interface AuditEntryRecord {
  id: string;
  eventType: string;
  actorRole: string;
  actorId: string | null;
  channel: string;
  productId: string | null;
  context: Record<string, unknown>;
  createdAt: string;
}

export interface SubjectData {
  subject: { email: string };
  generatedAt: string;
  poliRequests: PoliRequestRecord[];
  poliGrants: PoliGrantRecord[];
  operatorAccounts: OperatorAccountRecord[];
  emails: EmailRecord[];
  auditEntries: AuditEntryRecord[];
}

export interface SubjectExport extends SubjectData {
  format: 'battery-passport-gdpr-export/1';
}

export interface EraseResult {
  erased: { poliRequests: number; poliGrants: number; emails: number; operatorAccounts: number };
}

type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

export function gdprApi(transport: Transport) {
  const { call, send } = transport;
  return {
    gdprAccess: (email: string, opts: WriteOptions = {}) =>
      call<SubjectData>('POST', '/api/v1/gdpr/access', { ...opts, body: { email } }),
    gdprPortability: (email: string, opts: WriteOptions = {}) =>
      call<SubjectExport>('POST', '/api/v1/gdpr/portability', { ...opts, body: { email } }),
    gdprErase: (email: string, opts: WriteOptions = {}) =>
      call<EraseResult>('POST', '/api/v1/gdpr/erase', { ...opts, body: { email } }),
    /** The raw answer of the export, headers included (Content-Disposition names the file); never throws on a status. */
    gdprPortabilityResponse: (email: string, opts: WriteOptions = {}) =>
      send<SubjectExport>('POST', '/api/v1/gdpr/portability', { ...opts, body: { email } }),
  };
}
