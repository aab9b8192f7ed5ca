import { describe, expect, it, vi } from 'vitest';
import { checkHealth, healthResponse } from './health';

const now = () => new Date('2026-03-04T05:06:07.000Z');
const base = { now, build: () => 'build-7', timeoutMs: 50 };

describe('checkHealth', () => {
  it('is healthy (200) with timestamp and build when every dependency answers', async () => {
    const database = vi.fn(async () => true);
    const report = await checkHealth({ ...base, database, rateLimit: async () => 'ok' });
    expect(report).toEqual({
      httpStatus: 200,
      body: { status: 'healthy', timestamp: '2026-03-04T05:06:07.000Z', build: 'build-7' },
    });
    expect(database).toHaveBeenCalledWith(50);
  });

  it('is degraded (503) naming the database when it does not answer', async () => {
    const report = await checkHealth({ ...base, database: async () => false, rateLimit: async () => 'ok' });
    expect(report).toEqual({
      httpStatus: 503,
      body: {
        status: 'degraded',
        timestamp: '2026-03-04T05:06:07.000Z',
        services: { database: 'error', rateLimit: 'ok' },
      },
    });
  });

  it('is degraded naming the rate-limit backend when it is down', async () => {
    const report = await checkHealth({ ...base, database: async () => true, rateLimit: async () => 'error' });
    expect(report.httpStatus).toBe(503);
    expect(report.body).toMatchObject({ services: { database: 'ok', rateLimit: 'error' } });
  });

  it('counts a check that throws or hangs past its deadline as an error, and never throws itself', async () => {
    const report = await checkHealth({
      ...base,
      database: () => new Promise<boolean>(() => {}),
      rateLimit: async () => {
        throw new Error('boom');
      },
    });
    expect(report.body).toMatchObject({ status: 'degraded', services: { database: 'error', rateLimit: 'error' } });
  });
});

describe('healthResponse', () => {
  it('is never cached and carries the given request-id header', async () => {
    const response = healthResponse(
      { httpStatus: 200, body: { status: 'healthy', timestamp: 't', build: 'b' } },
      { 'X-Request-Id': 'r-1' },
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('X-Request-Id')).toBe('r-1');
    expect(await response.json()).toEqual({ status: 'healthy', timestamp: 't', build: 'b' });
  });

  it('adds the back-up lag to the document when a back-up is configured, and leaves it out when its read fails', async () => {
    const ok = async () => true;
    const lag = async () => ({ lagSeconds: 12, pending: 3 });
    const healthy = await checkHealth({ database: ok, rateLimit: async () => 'ok', backup: lag, timeoutMs: 50 });
    expect(healthy).toMatchObject({
      httpStatus: 200,
      body: { status: 'healthy', backup: { lagSeconds: 12, pending: 3 } },
    });
    const without = await checkHealth({ database: ok, rateLimit: async () => 'ok', timeoutMs: 50 });
    expect('backup' in without.body).toBe(false);
    const failing = await checkHealth({
      database: ok,
      rateLimit: async () => 'ok',
      backup: () => Promise.reject(new Error('down')),
      timeoutMs: 50,
    });
    expect(failing.httpStatus).toBe(200);
    expect('backup' in failing.body).toBe(false);
  });
});
