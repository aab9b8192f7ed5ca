const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment as operators read it, in UTC so every operator sees the same time ("23 Nov 2026, 10:32 UTC"). */
export const portalTime = (at: Date): string => `${FORMAT.format(at)} UTC`;
