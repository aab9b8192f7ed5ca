import type { Mode, ProductState, UserRole } from '../../db/generated/enums';
import { REVIEW_ROLES } from '../../passport/transitions/result';
import { SUBMIT_ROLES } from '../../passport/transitions/submit';
import type { ActionState } from '../action';

export const LIFECYCLE_INTENTS = [
  'submit',
  'approve',
  'reject',
  'revise',
  'withdraw',
  'deprecate',
  'recycle',
  'reinstate',
] as const;
export type LifecycleIntent = (typeof LIFECYCLE_INTENTS)[number];

export const isLifecycleIntent = (value: unknown): value is LifecycleIntent =>
  typeof value === 'string' && (LIFECYCLE_INTENTS as readonly string[]).includes(value);

/** What a lifecycle form answers: the action's state plus which form asked, so the failure shows in that form. */
export type LifecycleState = ActionState & { intent?: LifecycleIntent };

/** One form of the lifecycle panel, fully worded on the server. */
export interface LifecycleAction {
  intent: LifecycleIntent;
  title: string;
  explanation: string;
  /** The consequence the confirmation box states. */
  confirm: string;
  button: string;
  pendingText: string;
  variant: 'button' | 'secondary' | 'danger';
  reason: 'required' | 'optional' | null;
  /** Why this operator may not act (the form is shown disabled); null when they may. */
  refusal: string | null;
}

export interface LifecycleSubject {
  name: string;
  state: ProductState;
  version: number;
  mode: Mode;
  /** Set once the battery is recycled: the passport is closed and no action applies any more. */
  recycledAt?: Date | null;
}

interface Rule {
  /** States the verb accepts; the verb checks again. */
  from: ProductState[];
  /** Roles the verb accepts; the verb checks again and its refusal is what a bypassing POST sees. */
  roles: readonly string[];
  refusal: string;
  word: (p: LifecycleSubject) => Omit<LifecycleAction, 'intent' | 'refusal'>;
}

const OPERATOR_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER'];

/** A sandbox passport is never public, so its consequences name no public effect. */
const publicly = (p: LifecycleSubject, effect: string) =>
  p.mode === 'LIVE' ? `: ${effect}` : ' (sandbox passport, never public)';

const RULES: Record<LifecycleIntent, Rule> = {
  submit: {
    from: ['DRAFT'],
    roles: SUBMIT_ROLES,
    refusal: 'Editors and admins submit.',
    word: (p) => ({
      title: 'Submit for review',
      explanation:
        'The passport must pass the publication gate. A reviewer then publishes it or sends it back with a reason.',
      confirm: `Submit ${p.name} for review: it cannot be edited until a reviewer decides`,
      button: 'Submit for review',
      pendingText: 'Submitting…',
      variant: 'button',
      reason: null,
    }),
  },
  approve: {
    from: ['SUBMITTED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins approve.',
    word: (p) => ({
      title: 'Approve and publish',
      explanation:
        p.version > 0
          ? `Publishes version ${p.version + 1} as an immutable snapshot; the public passport moves from version ${p.version} to it.`
          : 'Publishes version 1 as an immutable snapshot: the passport becomes public.',
      confirm: `Publish version ${p.version + 1} of ${p.name}`,
      button: `Publish version ${p.version + 1}`,
      pendingText: 'Publishing…',
      variant: 'button',
      reason: null,
    }),
  },
  reject: {
    from: ['SUBMITTED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins reject.',
    word: (p) => ({
      title: 'Send back to draft',
      explanation:
        'The integrator reads your reason on the product (rejectionReason in the API), corrects the draft and submits again.',
      confirm: `Send ${p.name} back to draft with this reason`,
      button: 'Reject',
      pendingText: 'Rejecting…',
      variant: 'secondary',
      reason: 'required',
    }),
  },
  revise: {
    from: ['APPROVED'],
    roles: OPERATOR_ROLES,
    refusal: 'Operators start revisions.',
    word: (p) => ({
      title: 'Start a revision',
      explanation: `The passport becomes an editable draft. The public keeps seeing version ${p.version} until the revision is approved as version ${p.version + 1}.`,
      confirm: `Open a revision of ${p.name}${publicly(p, `the public passport stays at version ${p.version}`)}`,
      button: 'Start revision',
      pendingText: 'Opening…',
      variant: 'secondary',
      reason: null,
    }),
  },
  withdraw: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins withdraw.',
    word: (p) => ({
      title: 'Withdraw',
      explanation:
        'For a recall or a passport that must no longer be relied on: the public page shows a withdrawal notice with these details and the JSON answers 410.',
      confirm: `Withdraw ${p.name}${publicly(p, 'the public passport answers 410 at once')}`,
      button: 'Withdraw passport',
      pendingText: 'Withdrawing…',
      variant: 'danger',
      reason: 'required',
    }),
  },
  deprecate: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins deprecate.',
    word: (p) => ({
      title: 'Deprecate',
      explanation:
        'For a passport that is no longer current but not withdrawn: it stops being served publicly and can be reinstated.',
      confirm: `Deprecate ${p.name}${publicly(p, 'the public passport answers 404 at once')}`,
      button: 'Deprecate',
      pendingText: 'Deprecating…',
      variant: 'danger',
      reason: 'optional',
    }),
  },
  recycle: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins mark a battery recycled.',
    word: (p) => ({
      title: 'Mark recycled (end of life)',
      explanation:
        'For a battery that has been recycled (Art. 77(8)): the passport is closed for good. It can no longer be revised, withdrawn or deprecated, BMS reports are refused, and the public page shows the end-of-life notice with the date until the retention period ends. The reason, if given, is shown on the notice as your statement (recycling facility, certificate).',
      confirm: `Mark the battery of ${p.name} recycled${publicly(p, 'the public passport shows the end-of-life notice at once')}; this cannot be undone`,
      button: 'Mark recycled',
      pendingText: 'Closing…',
      variant: 'danger',
      reason: 'optional',
    }),
  },
  reinstate: {
    from: ['WITHDRAWN', 'DEPRECATED'],
    roles: REVIEW_ROLES,
    refusal: 'Reviewers and admins reinstate.',
    word: (p) => ({
      title: 'Reinstate',
      explanation: `Serves version ${p.version} again as it was; the withdrawal details are cleared here and kept in the audit trail.`,
      confirm: `Reinstate ${p.name}${publicly(p, `version ${p.version} is public again at once`)}`,
      button: 'Reinstate',
      pendingText: 'Reinstating…',
      variant: 'button',
      reason: 'optional',
    }),
  },
};

/**
 * The actions the product's state allows, each marked with why this role may not act. The verbs hold the rules
 * and check them again; this only decides what the panel shows.
 */
export function lifecycleActions(product: LifecycleSubject, role: UserRole): LifecycleAction[] {
  if (product.recycledAt) return [];
  return LIFECYCLE_INTENTS.filter((intent) => RULES[intent].from.includes(product.state)).map((intent) => {
    const rule = RULES[intent];
    return { intent, ...rule.word(product), refusal: rule.roles.includes(role) ? null : rule.refusal };
  });
}
