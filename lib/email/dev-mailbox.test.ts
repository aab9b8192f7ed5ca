import { describe, expect, it } from 'vitest';
import { devMailboxEnabled } from './dev-mailbox';

describe('the dev mailbox switch', () => {
  it('is on outside production, and in production only with DEV_MAILBOX', () => {
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEV_MAILBOX: false })).toBe(true);
    expect(devMailboxEnabled({ NODE_ENV: 'test', DEV_MAILBOX: false })).toBe(true);
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEV_MAILBOX: false })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEV_MAILBOX: true })).toBe(true);
  });
});
