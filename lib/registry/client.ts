import { acceptanceOf, type RegistryAcceptance, type RegistryRecord } from './payload';

/**
 * The EU registry as the worker sees it. `register` creates a registration (the same idempotency key always
 * yields the same one, so a retried create never registers twice); `update` replaces the record of an existing
 * one. Both throw `RegistryUnavailable` for what a later attempt may fix and `RegistryRefused` for a record the
 * registry will not take as it is.
 */
export interface RegistryClient {
  register(record: RegistryRecord, idempotencyKey: string): Promise<RegistryAcceptance>;
  /** Null when the registry does not know `registrationId` (the worker then registers again). */
  update(registrationId: string, record: RegistryRecord): Promise<RegistryAcceptance | null>;
}

/** The registry could not be reached, timed out, or answered 408, 429 or 5xx: retried with backoff. */
export class RegistryUnavailable extends Error {}
/** The registry refused the record (another 4xx): not retried until the passport changes. */
export class RegistryRefused extends Error {}

export const REGISTRY_TIMEOUT_MS = 10_000;
const MESSAGE_MAX = 500;

export interface HttpRegistryOptions {
  /** The API's base address (DPP_REGISTRY_URL). */
  url: string;
  /** The bearer credential (DPP_REGISTRY_TOKEN). */
  token?: string;
  timeoutMs?: number;
}

/** What an error answer says, from its JSON `error.message`/`message` or its text, bounded. */
async function errorText(response: Response): Promise<string> {
  const raw = await response.text().catch(() => '');
  let message = raw;
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown }; message?: unknown };
    const found = body.error?.message ?? body.message;
    if (typeof found === 'string') message = found;
  } catch {
    // not JSON: its text
  }
  const line = message.replace(/\s+/g, ' ').trim().slice(0, MESSAGE_MAX);
  return `the registry answered ${response.status}${line ? `: ${line}` : ''}`;
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** The registry's HTTP API (the shape docs/decisions.md records; the local registry serves the same). */
export function httpRegistryClient(options: HttpRegistryOptions): RegistryClient {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS;

  async function send(method: 'POST' | 'PUT', path: string, record: RegistryRecord, headers: Record<string, string>) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...headers,
        },
        body: JSON.stringify(record),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new RegistryUnavailable(`the registry is ${reason}`);
    }
    return response;
  }

  async function accepted(response: Response): Promise<RegistryAcceptance> {
    if (response.ok) {
      const acceptance = acceptanceOf(await response.json().catch(() => null));
      if (acceptance) return acceptance;
      throw new RegistryUnavailable(`the registry answered ${response.status} without a registration id`);
    }
    const message = await errorText(response);
    throw retryable(response.status) ? new RegistryUnavailable(message) : new RegistryRefused(message);
  }

  return {
    async register(record, idempotencyKey) {
      return accepted(await send('POST', '/registrations', record, { 'idempotency-key': idempotencyKey }));
    },
    async update(registrationId, record) {
      const response = await send('PUT', `/registrations/${encodeURIComponent(registrationId)}`, record, {});
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      return accepted(response);
    },
  };
}
