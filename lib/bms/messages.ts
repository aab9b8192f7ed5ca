/** Same words as the edge refusal, so a device sees one 429 whichever limit refused it. */
export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.';
export const BMS_INTERNAL_MESSAGE = 'The update could not be saved and nothing was written. It is safe to retry.';
