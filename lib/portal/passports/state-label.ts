import type { PublicStateName } from './list';

/** How the portal names each workflow state (its public name), in the lifecycle's order. */
export const STATE_LABEL: Record<PublicStateName, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  published: 'Published',
  withdrawn: 'Withdrawn',
  deprecated: 'Deprecated',
};
