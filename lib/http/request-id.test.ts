import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFrom, responseRequestIdHeader } from './request-id';

describe('request ids', () => {
  it('are fresh UUIDs', () => {
    const [a, b] = [newRequestId(), newRequestId()];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('are read back from the header the middleware set', () => {
    const id = newRequestId();
    expect(requestIdFrom(new Headers({ 'x-request-id': id }))).toBe(id);
  });

  it('are never an echo of a non-UUID value (no middleware ran)', () => {
    const id = requestIdFrom(new Headers({ 'x-request-id': 'attacker<script>' }));
    expect(id).not.toBe('attacker<script>');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('go out as X-Service-Request-Id on the Integration API and X-Request-Id on public and BMS paths', () => {
    expect(responseRequestIdHeader('/api/v1/products')).toBe('X-Service-Request-Id');
    expect(responseRequestIdHeader('/api/v1/products/p1/bms-update')).toBe('X-Request-Id');
    expect(responseRequestIdHeader('/api/dpp/x')).toBe('X-Request-Id');
  });
});
