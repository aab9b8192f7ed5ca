import { describe, expect, it } from 'vitest';
import type { ProductState, UserRole } from '../../db/generated/enums';
import { isLifecycleIntent, lifecycleActions } from './lifecycle-options';

const subject = (state: ProductState, version = 0, mode: 'LIVE' | 'TEST' = 'LIVE') => ({
  name: 'Pack A',
  state,
  version,
  mode,
});
const intents = (state: ProductState, role: UserRole = 'ADMIN', version = 1) =>
  lifecycleActions(subject(state, version), role).map((a) => a.intent);

describe('lifecycleActions', () => {
  it('offers only what the state allows', () => {
    expect(intents('DRAFT')).toEqual(['submit']);
    expect(intents('SUBMITTED')).toEqual(['approve', 'reject']);
    expect(intents('APPROVED')).toEqual(['revise', 'withdraw', 'deprecate', 'recycle']);
    expect(intents('WITHDRAWN')).toEqual(['reinstate']);
    expect(intents('DEPRECATED')).toEqual(['reinstate']);
  });

  it('keeps an action the role may not take, disabled with the reason', () => {
    const forEditor = lifecycleActions(subject('SUBMITTED'), 'EDITOR');
    expect(forEditor.map((a) => [a.intent, a.refusal])).toEqual([
      ['approve', 'Reviewers and admins approve.'],
      ['reject', 'Reviewers and admins reject.'],
    ]);
    expect(lifecycleActions(subject('DRAFT'), 'REVIEWER')[0].refusal).toBe('Editors and admins submit.');
    expect(lifecycleActions(subject('APPROVED', 1), 'EDITOR').map((a) => [a.intent, a.refusal === null])).toEqual([
      ['revise', true],
      ['withdraw', false],
      ['deprecate', false],
      ['recycle', false],
    ]);
    for (const role of ['ADMIN', 'REVIEWER'] as const) {
      expect(lifecycleActions(subject('SUBMITTED'), role).every((a) => a.refusal === null)).toBe(true);
    }
  });

  it('states the version an approval publishes and what the public sees', () => {
    const [first] = lifecycleActions(subject('SUBMITTED', 0), 'REVIEWER');
    expect(first.confirm).toBe('Publish version 1 of Pack A');
    const [revision] = lifecycleActions(subject('SUBMITTED', 2), 'REVIEWER');
    expect(revision.confirm).toBe('Publish version 3 of Pack A');
    expect(revision.explanation).toContain('from version 2');
    const withdraw = lifecycleActions(subject('APPROVED', 1), 'REVIEWER').find((a) => a.intent === 'withdraw')!;
    expect(withdraw.confirm).toBe('Withdraw Pack A: the public passport answers 410 at once');
    expect(withdraw.reason).toBe('required');
    const sandbox = lifecycleActions(subject('APPROVED', 1, 'TEST'), 'REVIEWER').find((a) => a.intent === 'withdraw')!;
    expect(sandbox.confirm).toBe('Withdraw Pack A (sandbox passport, never public)');
  });

  it('offers nothing once the battery is recycled (end of life is final, Art. 77(8))', () => {
    const recycled = { ...subject('APPROVED', 1), recycledAt: new Date('2026-11-27T09:00:00Z') };
    expect(lifecycleActions(recycled, 'ADMIN')).toEqual([]);
    const recycle = lifecycleActions(subject('APPROVED', 1), 'REVIEWER').find((a) => a.intent === 'recycle')!;
    expect(recycle.confirm).toBe(
      'Mark the battery of Pack A recycled: the public passport shows the end-of-life notice at once; this cannot be undone',
    );
  });

  it('recognises only the eight intents', () => {
    expect(isLifecycleIntent('approve')).toBe(true);
    expect(isLifecycleIntent('publish')).toBe(false);
    expect(isLifecycleIntent(undefined)).toBe(false);
  });
});
