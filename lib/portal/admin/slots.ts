import { createElement, Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/**
 * A translated sentence with elements inside it (a `<code>` path, a link): `format` gets a marker for each slot to
 * pass as the message's `{name}` argument, and each marker in the sentence becomes its node. The portal's server
 * translator answers plain text, so the sentence is formatted with markers and split at them:
 * `slotted((m) => t('keys.intro', m), { path: <code>/api/v1</code> })`.
 */
export function slotted(
  format: (markers: Record<string, string>) => string,
  slots: Record<string, ReactNode>,
): ReactNode {
  const names = Object.keys(slots);
  const markers = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  const parts = format(markers)
    .split(new RegExp(`${MARK}(\\d+)${MARK}`))
    .map((part, i) => (i % 2 === 0 ? part : slots[names[Number(part)]]))
    .filter((part) => part !== '');
  return createElement(Fragment, null, ...parts);
}
