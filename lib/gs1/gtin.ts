/** GS1 modulo-10 check digit of a GTIN body (all digits but the last). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weights alternate 3, 1, 3, ... starting from the rightmost digit of the body.
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** True for an 8, 12, 13 or 14 digit GTIN whose last digit is the correct check digit. */
export function isValidGtin(gtin: string): boolean {
  if (!/^\d+$/.test(gtin) || !GTIN_LENGTHS.has(gtin.length)) return false;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin.at(-1));
}

/** The GTIN-14 form used for storage and lookup (left-padded with zeros); null when invalid. */
export function normaliseGtin(gtin: string): string | null {
  return isValidGtin(gtin) ? gtin.padStart(14, '0') : null;
}

/** Appends the check digit to a body, e.g. a company prefix plus item reference. */
export function withCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}
