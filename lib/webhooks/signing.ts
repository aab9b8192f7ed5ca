import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { decryptSecret } from '../crypto/secrets';

/** How long the secret replaced by a rotation keeps signing deliveries next to the new one. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets that sign a delivery at `now`: the current one, and the previous one during its 24 h of grace. */
export function signingSecrets(
  endpoint: { secretEnc: string; previousSecretEnc: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [decryptSecret(endpoint.secretEnc)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretEnc));
  }
  return secrets;
}

/** The three Standard Webhooks headers; several secrets give space-separated `v1,<sig>` entries. */
export function signedHeaders(
  secrets: string[],
  msgId: string,
  timestamp: Date,
  payload: string,
): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, payload)).join(' ');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
