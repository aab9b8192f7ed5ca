import { ServiceError } from '../errors';

const MAX_LENGTH = 2048;

const invalid = (message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { fields: { backupUrl: message } } });

/**
 * The address where a back-up copy serves a company's passports at the same paths as this service, as an operator
 * gives it: an absolute https URL without credentials, query or fragment. Kept without its trailing slashes, so a
 * passport's address there is this base followed by the passport's own path (`/01/...`, `/dpp/...`).
 */
export function parseBackupUrl(raw: string): string {
  const text = raw?.trim() ?? '';
  if (text.length === 0 || text.length > MAX_LENGTH)
    throw invalid(`The back-up address must be an https URL of at most ${MAX_LENGTH} characters.`);
  if (!URL.canParse(text)) throw invalid(`"${text}" is not a URL.`);
  const url = new URL(text);
  if (url.protocol !== 'https:') throw invalid('The back-up address must be an https URL.');
  if (url.username || url.password) throw invalid('The back-up address must not carry credentials.');
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    throw invalid('The back-up address must have no query and no fragment: passports are served below its path.');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
