import type { EmailOutbox } from '../db/generated/client';

/** A send's result: the provider's message id, or why it failed and whether trying again can help. */
export type SendResult = { ok: true; providerId: string | null } | { ok: false; error: string; permanent: boolean };

export interface EmailSender {
  send(mail: Pick<EmailOutbox, 'id' | 'to' | 'subject' | 'text' | 'html'>): Promise<SendResult>;
}

export interface ResendSettings {
  apiKey: string;
  from: string;
  /** The Resend API address; the SDK's own default (https://api.resend.com) when absent. */
  baseUrl?: string;
  /** The longest wait for Resend's answer; the SDK sets none, and a hung call would hold the whole outbox pass. */
  timeoutMs?: number;
}

export const SEND_TIMEOUT_MS = 15_000;

// Refusals that repeat whatever we do (a bad address, a forbidden sender); 429 and 5xx are worth retrying.
const isPermanent = (status: number | null | undefined) =>
  typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Sends through Resend; the outbox id is the idempotency key, so a retry after a lost answer never sends twice. */
export async function resendSender({
  apiKey,
  from,
  baseUrl,
  timeoutMs = SEND_TIMEOUT_MS,
}: ResendSettings): Promise<EmailSender> {
  const { Resend } = await import('resend');
  const resend = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, '') } : undefined);
  return {
    async send(mail) {
      const { data, error } = await resend.emails.send(
        { from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html },
        // A timed-out send may still arrive: the retry carries the same idempotency key, so it is not sent twice.
        { idempotencyKey: `email-outbox/${mail.id}`, signal: AbortSignal.timeout(timeoutMs) },
      );
      if (error) {
        const status = (error as { statusCode?: number | null }).statusCode ?? null;
        return {
          ok: false,
          error: `${error.name}${status ? ` (${status})` : ''}: ${error.message}`.slice(0, 500),
          permanent: isPermanent(status),
        };
      }
      return { ok: true, providerId: data?.id ?? null };
    },
  };
}
