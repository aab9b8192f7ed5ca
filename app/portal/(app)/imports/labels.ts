import type { ImportStatus, UserRole } from '@/lib/db/generated/enums';
import { portalT } from '@/lib/portal/i18n';

/** An import's status in the operator's language. */
export async function importStatusLabels(): Promise<Record<ImportStatus, string>> {
  const t = await portalT('imports');
  return {
    QUEUED: t('status.QUEUED'),
    RUNNING: t('status.RUNNING'),
    COMPLETED: t('status.COMPLETED'),
    FAILED: t('status.FAILED'),
    CANCELLED: t('status.CANCELLED'),
  };
}

/** Who uploads, cancels and submits imports in the portal (the verbs check again); reviewers may look. */
export const UPLOAD_ROLES: readonly UserRole[] = ['ADMIN', 'EDITOR'];
