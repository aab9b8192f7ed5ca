/** How the admin pages name the mode of a key or a webhook endpoint. */
export const MODE_LABEL = { live: 'Live', test: 'Sandbox' } as const;
