/**
 * Audit event types in words, as the trail shows them (the stored type stays in the CSV export and the filter).
 * An event without an entry here reads as its type split into words ("PoliRequestCreated" → "Poli request
 * created"), so a new event is never shown as a bare identifier.
 */
const EVENT_NAMES: Record<string, string> = {
  Create: 'Passport created',
  Update: 'Passport data changed',
  Submit: 'Submitted for review',
  Approve: 'Approved and published',
  Reject: 'Returned to draft by review',
  StartRevision: 'Revision started',
  Withdraw: 'Passport withdrawn',
  Deprecate: 'Replaced by a successor (deprecated)',
  Reinstate: 'Passport reinstated',
  Recycle: 'Marked recycled (end of life)',
  EndOfLifeClose: 'Closed after the end-of-life retention',
  Republish: 'Republished from its model',
  RepublishFailed: 'Republishing from its model failed',
  SchemaUpgrade: 'Moved to a newer schema version',
  BmsUpdate: 'BMS report applied',
  BatchApprove: 'Approved in a batch',
  BatchApproveFailed: 'Batch approval failed',
  BatchReject: 'Returned in a batch',
  DocumentUploaded: 'Document uploaded',
  ImportCreated: 'Import uploaded',
  ImportSubmitted: 'Import submitted for review',
  ImportSubmitRequested: 'Import submission requested',
  ImportCancelRequested: 'Import cancellation requested',
  SignIn: 'Operator signed in',
  PasswordResetRequested: 'New password link requested',
  PasswordReset: 'Password set through an emailed link',
  OperatorCreated: 'Operator account created',
  CompanyCreated: 'Company created',
  CompanyCeased: 'Company ceased trading',
  CompanyResumed: 'Company resumed',
  IssuerKeyRotated: 'Signing key rotated',
  ApiKeyMinted: 'API key created',
  ApiKeyRevoked: 'API key revoked',
  ApiKeyRotated: 'API key rotated',
  ApiKeysBulkRevoked: 'API keys revoked together',
  ApiKeyUpdated: 'API key changed',
  ApiKeySigningSecretRotated: 'API key signing secret rotated',
  BmsSecretCreated: 'BMS secret created',
  BmsSecretRevoked: 'BMS secret revoked',
  WebhookEndpointCreated: 'Webhook endpoint added',
  WebhookEndpointUpdated: 'Webhook endpoint changed',
  WebhookEndpointDeleted: 'Webhook endpoint deleted',
  WebhookEndpointDisabled: 'Webhook endpoint disabled',
  WebhookSecretRotated: 'Webhook secret rotated',
  WebhookRedeliveryQueued: 'Webhook delivery queued again',
  ErpMappingCreated: 'ERP mapping created',
  ErpMappingUpdated: 'ERP mapping changed',
  ErpMappingDeleted: 'ERP mapping deleted',
  GdprAccess: 'Personal data exported (GDPR access)',
  GdprErase: 'Personal data erased (GDPR)',
  PoliRequestCreated: 'Restricted access requested',
  PoliRequestVerified: 'Access request email confirmed',
  PoliRequestApproved: 'Access request approved',
  PoliRequestRejected: 'Access request declined',
  PoliGrantIssued: 'Restricted access opened in a browser',
  PoliGrantSignedOut: 'Restricted access signed out',
  PoliAccessRevoked: 'Restricted access revoked',
  HandoverOffered: 'Handover offered',
  HandoverAccepted: 'Handover accepted',
  HandoverDeclined: 'Handover declined',
  HandoverExpired: 'Handover offer expired',
  HandoverCompleted: 'Handover completed (successor published)',
  HandoverStated: 'Successor outside the service stated',
};

/** An event type as words: the table's wording, else the type's own words in sentence case. */
export function eventName(eventType: string): string {
  const known = EVENT_NAMES[eventType];
  if (known) return known;
  const words = eventType
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  if (!words[0]) return eventType;
  return [words[0], ...words.slice(1).map((w) => (/^[A-Z0-9]+$/.test(w) ? w : w.toLowerCase()))].join(' ');
}
