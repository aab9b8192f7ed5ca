import type { HandoverView } from '@/lib/passport/handover/handover';

export const REASON_LABELS: Record<HandoverView['reason'], string> = {
  prepared_for_reuse: 'Prepared for re-use',
  repurposed: 'Repurposed',
  remanufactured: 'Remanufactured',
};

export const STATUS_LABELS: Record<HandoverView['status'], string> = {
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  stated: 'Successor stated',
};
