import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { httpRegistryClient, RegistryRefused, RegistryUnavailable } from './client';
import { type LocalRegistry, startLocalRegistry } from './local-registry';
import type { RegistryRecord } from './payload';

const record = (overrides: Partial<RegistryRecord> = {}): RegistryRecord => ({
  uniqueProductIdentifier: 'https://id.gs1.org/01/04012345000016/21/S1',
  passportUrl: 'http://localhost:3000/01/04012345000016/21/S1',
  passportDataUrl: 'http://localhost:3000/api/dpp/s1',
  commodityCode: '85076000',
  economicOperatorIdentifier: 'DE-OP-1',
  economicOperatorName: 'Volt GmbH',
  passportStatus: 'active',
  passportVersion: 1,
  passportVersionSha256: 'b'.repeat(64),
  ...overrides,
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function local(options: Parameters<typeof startLocalRegistry>[0] = {}): Promise<LocalRegistry> {
  const registry = await startLocalRegistry(options);
  cleanups.push(() => registry.close());
  return registry;
}

/** A server answering every request with `status` and `body` (or never, for `hang`). */
async function answering(status: number, body: string, hang = false): Promise<string> {
  const server: Server = createServer((_req, res) => {
    if (hang) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the registry client and the local registry', () => {
  it('a create replayed with its idempotency key (a lost answer retried) returns the same registration, made once', async () => {
    const registry = await local({ token: 't' });
    const client = httpRegistryClient({ url: registry.url, token: 't' });
    const first = await client.register(record(), 'passport-1');
    const again = await client.register(record(), 'passport-1');
    expect(again).toEqual(first);
    expect(registry.creates()).toBe(1);
    expect(registry.registrations.size).toBe(1);
  });

  it('the same identifier under another key is refused (409), not registered twice', async () => {
    const registry = await local();
    const client = httpRegistryClient({ url: registry.url });
    await client.register(record(), 'passport-1');
    await expect(client.register(record(), 'passport-2')).rejects.toThrow(RegistryRefused);
    await expect(client.register(record(), 'passport-2')).rejects.toThrow(/409: the identifier is registered already/);
    expect(registry.registrations.size).toBe(1);
  });

  it('an update replaces the record; an unknown registration answers null; the identifier cannot change', async () => {
    const registry = await local();
    const client = httpRegistryClient({ url: registry.url });
    const { registrationId } = await client.register(record(), 'k');
    expect(await client.update(registrationId, record({ passportStatus: 'withdrawn' }))).toEqual({ registrationId });
    expect(registry.registrations.get(registrationId)).toMatchObject({
      updates: 1,
      record: { passportStatus: 'withdrawn' },
    });
    expect(await client.update('no-such-id', record())).toBeNull();
    await expect(
      client.update(registrationId, record({ uniqueProductIdentifier: 'https://id.gs1.org/01/04012345000016' })),
    ).rejects.toThrow(/422: the unique product identifier of a registration cannot change/);
  });

  it('the local registry requires its credential and a valid record', async () => {
    const registry = await local({ token: 'secret' });
    await expect(httpRegistryClient({ url: registry.url, token: 'wrong' }).register(record(), 'k')).rejects.toThrow(
      /401/,
    );
    await expect(
      httpRegistryClient({ url: registry.url, token: 'secret' }).register(record({ commodityCode: '1234' }), 'k'),
    ).rejects.toThrow(/422: invalid registration: commodityCode is not a CN code of heading 8507/);
    expect(registry.registrations.size).toBe(0);
  });

  it('keeps its registrations in its file across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'registry.json');
    const before = await startLocalRegistry({ file });
    const { registrationId } = await httpRegistryClient({ url: before.url }).register(record(), 'k');
    await before.close();
    const after = await local({ file });
    expect(after.registrations.get(registrationId)?.record.uniqueProductIdentifier).toBe(
      record().uniqueProductIdentifier,
    );
    expect(await httpRegistryClient({ url: after.url }).register(record(), 'k')).toEqual({ registrationId });
  });

  it('5xx, 429, 408, an answer without an id, no answer and no server are retryable; other 4xx are refusals', async () => {
    const cases: [number, string, typeof RegistryUnavailable | typeof RegistryRefused, RegExp][] = [
      [503, '{"error":{"message":"maintenance"}}', RegistryUnavailable, /503: maintenance/],
      [429, '{"message":"slow down"}', RegistryUnavailable, /429: slow down/],
      [408, '', RegistryUnavailable, /408/],
      [201, '{}', RegistryUnavailable, /without a registration id/],
      [400, 'plain text\nproblem', RegistryRefused, /400: plain text problem/],
    ];
    for (const [status, body, kind, message] of cases) {
      const client = httpRegistryClient({ url: await answering(status, body) });
      const attempt = client.register(record(), 'k');
      await expect(attempt).rejects.toThrow(kind);
      await expect(client.register(record(), 'k')).rejects.toThrow(message);
    }
    const hanging = httpRegistryClient({ url: await answering(200, '', true), timeoutMs: 200 });
    await expect(hanging.register(record(), 'k')).rejects.toThrow(/no answer within 200 ms/);
    const closed = await local();
    const url = closed.url;
    await closed.close();
    await expect(httpRegistryClient({ url }).register(record(), 'k')).rejects.toThrow(/unreachable/);
  });

  it('an injected failure after the change loses the answer, not the registration', async () => {
    let draws = 0;
    // First request: fail (draw 0 < rate), after the change (second draw ≥ 0.5); later requests: answer.
    const random = () => [0, 0.9][draws++] ?? 0.99;
    const registry = await local({ failureRate: 0.5, random });
    const client = httpRegistryClient({ url: registry.url });
    await expect(client.register(record(), 'k')).rejects.toThrow(RegistryUnavailable);
    expect(registry.registrations.size).toBe(1);
    const { registrationId } = await client.register(record(), 'k');
    expect([...registry.registrations.keys()]).toEqual([registrationId]);
    expect(registry.failuresInjected()).toBe(1);
  });
});
