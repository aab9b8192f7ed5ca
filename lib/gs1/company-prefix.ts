/**
 * GS1 Company Prefixes: 4 to 12 digits. A GTIN-14 falls under a prefix when its GTIN-13 part (the digits after
 * the indicator digit) starts with it; GTIN-12 (U.P.C.) prefixes are written with their leading 0, as GS1 does.
 */
export const GS1_PREFIX_FORM = /^\d{4,12}$/;

export function isGs1CompanyPrefix(value: string): boolean {
  return GS1_PREFIX_FORM.test(value);
}

export function gtinUnderPrefix(gtin14: string, prefix: string): boolean {
  return gtin14.length === 14 && isGs1CompanyPrefix(prefix) && gtin14.slice(1).startsWith(prefix);
}

export function gtinUnderAnyPrefix(gtin14: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => gtinUnderPrefix(gtin14, prefix));
}
