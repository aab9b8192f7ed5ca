import type { ImportStatus, UserRole } from '@/lib/db/generated/enums';

export const IMPORT_STATUS_LABEL: Record<ImportStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** Who uploads, cancels and submits imports in the portal (the verbs check again); reviewers may look. */
export const UPLOAD_ROLES: readonly UserRole[] = ['ADMIN', 'EDITOR'];
