import type { Company } from '../db/generated/client';

/** Whether, since when and where to a company's passports are kept by a back-up (null members while it operates). */
export interface CompanyContinuity {
  companyId: string;
  slug: string;
  ceasedAt: string | null;
  backupUrl: string | null;
}

export const continuitySelect = { id: true, slug: true, ceasedAt: true, backupUrl: true } as const;

export const continuityView = (
  company: Pick<Company, 'id' | 'slug' | 'ceasedAt' | 'backupUrl'>,
): CompanyContinuity => ({
  companyId: company.id,
  slug: company.slug,
  ceasedAt: company.ceasedAt?.toISOString() ?? null,
  backupUrl: company.backupUrl,
});

/** Who marks a company ceased or resumed: its administrators, and the system (the admin CLI). */
export const CONTINUITY_ROLES = ['ADMIN', 'System'];
