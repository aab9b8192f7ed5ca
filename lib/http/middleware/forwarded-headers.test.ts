import { describe, expect, it } from 'vitest';
import { forwardedRequestHeaders } from './forwarded-headers';

describe('forwardedRequestHeaders', () => {
  const incoming = new Headers({
    'x-request-id': 'client-chosen',
    'x-service-edge-rate-limit': 'limit=999, remaining=999, reset=0',
    'x-service-client-ip': '203.0.113.9',
    'x-service-bms-secret': 'bms_secret',
    authorization: 'Bearer pk_live_x',
  });

  it('replaces a client-sent request id with ours', () => {
    expect(forwardedRequestHeaders(incoming, { requestId: 'ours' }).get('x-request-id')).toBe('ours');
  });

  it('drops a client-sent edge result, and writes the real one when there is one', () => {
    expect(forwardedRequestHeaders(incoming, { requestId: 'ours' }).has('x-service-edge-rate-limit')).toBe(false);
    const edge = { success: true, limit: 120, remaining: 3, resetSeconds: 9 };
    expect(forwardedRequestHeaders(incoming, { requestId: 'ours', edge }).get('x-service-edge-rate-limit')).toBe(
      'limit=120, remaining=3, reset=9',
    );
  });

  it('keeps the server-set client address and the client credential headers', () => {
    const headers = forwardedRequestHeaders(incoming, { requestId: 'ours' });
    expect(headers.get('x-service-client-ip')).toBe('203.0.113.9');
    expect(headers.get('x-service-bms-secret')).toBe('bms_secret');
    expect(headers.get('authorization')).toBe('Bearer pk_live_x');
  });

  it('replaces a client-sent request path with the one the browser asked for', () => {
    const forged = new Headers({ 'x-service-request-path': '/portal/evil' });
    expect(forwardedRequestHeaders(forged, { requestId: 'ours' }).has('x-service-request-path')).toBe(false);
    expect(
      forwardedRequestHeaders(forged, { requestId: 'ours', path: '/portal/audit?x=1' }).get('x-service-request-path'),
    ).toBe('/portal/audit?x=1');
  });
});
