import { afterAll, describe, expect, it } from 'vitest';
import { keyWithIdempotencyRecords, recordingLog, remainingIdempotencyKeys } from '../../testing/jobs';
import { disconnectPrisma } from '../db/client';
import { JOBS } from '../server/jobs';
import { idempotencyRetention } from './idempotency-retention';

afterAll(() => disconnectPrisma());

describe('the idempotency-retention job', () => {
  it('is in the job table and runs hourly, on the hour (UTC)', () => {
    expect(JOBS).toContain(idempotencyRetention);
    expect(idempotencyRetention.cron).toBe('0 * * * *');
  });

  it('deletes idempotency records past their expiry and keeps those still inside their 24 h', async () => {
    const apiKeyId = await keyWithIdempotencyRecords();
    const { log, entries } = recordingLog();

    const output = await idempotencyRetention.handler({}, { jobId: 'direct-call', log });

    expect(await remainingIdempotencyKeys(apiKeyId)).toEqual(['fresh']);
    // The count spans every key in the shared test database, so only its form is checked; the rows are the promise.
    expect(output).toEqual({ purged: expect.any(Number), signatures: expect.any(Number) });
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        obj: expect.objectContaining({ jobId: 'direct-call', purged: output!.purged }),
      }),
    );
  });
});
