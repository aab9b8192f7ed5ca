import type { Actor } from '../domain/context';

/**
 * The person behind a PoLI link or form acts without an account: the audit row names the request (never the
 * address), through the service's own channel.
 */
export const requesterActor = (requestId: string): Actor => ({ role: 'Requester', id: requestId, channel: 'System' });
