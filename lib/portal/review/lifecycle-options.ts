import type { Mode, ProductState, UserRole } from '../../db/generated/enums';
import type { PortalLocale } from '../../i18n/portal-locales';
import { REVIEW_ROLES } from '../../passport/transitions/result';
import { SUBMIT_ROLES } from '../../passport/transitions/submit';
import type { ActionState } from '../action';
import { type PortalTranslator, portalTranslator } from '../i18n';

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

/** One form of the lifecycle panel, fully worded on the server in the operator's language. */
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
  /** The form's words, with the refusal shown to a role that may not act. */
  word: (p: LifecycleSubject, t: PortalTranslator) => Omit<LifecycleAction, 'intent' | 'refusal'> & { refusal: string };
}

const OPERATOR_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER'];

/**
 * What the messages are given: the passport's name, versions and mode (a sandbox passport is never public, so the
 * consequences name no public effect there).
 */
const values = (p: LifecycleSubject) => ({ name: p.name, version: p.version, next: p.version + 1, mode: p.mode });

const RULES: Record<LifecycleIntent, Rule> = {
  submit: {
    from: ['DRAFT'],
    roles: SUBMIT_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.submit.refusal'),
      title: t('lifecycle.submit.title'),
      explanation: t('lifecycle.submit.explanation'),
      confirm: t('lifecycle.submit.confirm', values(p)),
      button: t('lifecycle.submit.button'),
      pendingText: t('lifecycle.submit.pending'),
      variant: 'button',
      reason: null,
    }),
  },
  approve: {
    from: ['SUBMITTED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.approve.refusal'),
      title: t('lifecycle.approve.title'),
      explanation:
        p.version > 0 ? t('lifecycle.approve.explanationRevision', values(p)) : t('lifecycle.approve.explanationFirst'),
      confirm: t('lifecycle.approve.confirm', values(p)),
      button: t('lifecycle.approve.button', values(p)),
      pendingText: t('lifecycle.approve.pending'),
      variant: 'button',
      reason: null,
    }),
  },
  reject: {
    from: ['SUBMITTED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.reject.refusal'),
      title: t('lifecycle.reject.title'),
      explanation: t('lifecycle.reject.explanation'),
      confirm: t('lifecycle.reject.confirm', values(p)),
      button: t('lifecycle.reject.button'),
      pendingText: t('lifecycle.reject.pending'),
      variant: 'secondary',
      reason: 'required',
    }),
  },
  revise: {
    from: ['APPROVED'],
    roles: OPERATOR_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.revise.refusal'),
      title: t('lifecycle.revise.title'),
      explanation: t('lifecycle.revise.explanation', values(p)),
      confirm: t('lifecycle.revise.confirm', values(p)),
      button: t('lifecycle.revise.button'),
      pendingText: t('lifecycle.revise.pending'),
      variant: 'secondary',
      reason: null,
    }),
  },
  withdraw: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.withdraw.refusal'),
      title: t('lifecycle.withdraw.title'),
      explanation: t('lifecycle.withdraw.explanation'),
      confirm: t('lifecycle.withdraw.confirm', values(p)),
      button: t('lifecycle.withdraw.button'),
      pendingText: t('lifecycle.withdraw.pending'),
      variant: 'danger',
      reason: 'required',
    }),
  },
  deprecate: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.deprecate.refusal'),
      title: t('lifecycle.deprecate.title'),
      explanation: t('lifecycle.deprecate.explanation'),
      confirm: t('lifecycle.deprecate.confirm', values(p)),
      button: t('lifecycle.deprecate.button'),
      pendingText: t('lifecycle.deprecate.pending'),
      variant: 'danger',
      reason: 'optional',
    }),
  },
  recycle: {
    from: ['APPROVED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.recycle.refusal'),
      title: t('lifecycle.recycle.title'),
      explanation: t('lifecycle.recycle.explanation'),
      confirm: t('lifecycle.recycle.confirm', values(p)),
      button: t('lifecycle.recycle.button'),
      pendingText: t('lifecycle.recycle.pending'),
      variant: 'danger',
      reason: 'optional',
    }),
  },
  reinstate: {
    from: ['WITHDRAWN', 'DEPRECATED'],
    roles: REVIEW_ROLES,
    word: (p, t) => ({
      refusal: t('lifecycle.reinstate.refusal'),
      title: t('lifecycle.reinstate.title'),
      explanation: t('lifecycle.reinstate.explanation', values(p)),
      confirm: t('lifecycle.reinstate.confirm', values(p)),
      button: t('lifecycle.reinstate.button'),
      pendingText: t('lifecycle.reinstate.pending'),
      variant: 'button',
      reason: 'optional',
    }),
  },
};

/**
 * The actions the product's state allows, each marked with why this role may not act, worded in `locale`. The verbs
 * hold the rules and check them again; this only decides what the panel shows.
 */
export function lifecycleActions(
  product: LifecycleSubject,
  role: UserRole,
  locale: PortalLocale = 'en',
): LifecycleAction[] {
  if (product.recycledAt) return [];
  const t = portalTranslator(locale, 'passports');
  return LIFECYCLE_INTENTS.filter((intent) => RULES[intent].from.includes(product.state)).map((intent) => {
    const rule = RULES[intent];
    const { refusal, ...words } = rule.word(product, t);
    return { intent, ...words, refusal: rule.roles.includes(role) ? null : refusal };
  });
}
