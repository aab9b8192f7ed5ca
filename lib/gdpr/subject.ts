import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../crypto/secrets';

/** Addresses are matched case-insensitively: mail systems treat them so in practice, and so do our writers. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** What a GdprRequest keeps of the subject: SHA-256 of the normalised address, never the address. */
export const subjectHashOf = (email: string): string => sha256Hex(normaliseEmail(email));

/**
 * One random pseudonym per erasure: the erased rows stay linkable to each other (one person) but not to the address,
 * since no hash of the address (guessable by trying addresses) is in it.
 */
export const newPseudonym = (): string => `erased-${randomBytes(8).toString('hex')}@erased.invalid`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The address as a whole word: `ax@example.com` is not found inside `max@example.com`. */
export function mentionPattern(email: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9._%+-])${escapeRegExp(normaliseEmail(email))}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`, 'gi');
}

export const mentions = (text: string | null | undefined, email: string): boolean =>
  !!text && mentionPattern(email).test(text);

export const replaceMentions = (text: string, email: string, pseudonym: string): string =>
  text.replace(mentionPattern(email), pseudonym);

/** A LIKE pattern that finds the address anywhere (candidates only: `mentions` decides). */
export const containsPattern = (email: string): string =>
  `%${normaliseEmail(email).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
