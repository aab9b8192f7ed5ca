import { notFound } from 'next/navigation';
import type { PublicLookup } from '@/lib/passport/public/representations';
import { JsonLdScript } from './components/JsonLdScript';
import { PassportView } from './components/PassportView';
import { passportJsonLd } from './passport-data';
import { restrictedViewFor } from './poli/restricted-view';

/**
 * The body of every public passport page; unknown and unpublished passports are the 404 page. A browser holding a
 * grant for this passport also sees its restricted fields (read from its cookie here, on the page only).
 */
export async function renderPassport(lookup: PublicLookup) {
  if (lookup.kind === 'not_found') notFound();
  const restricted = lookup.kind === 'published' ? await restrictedViewFor(lookup.passport) : null;
  return <PassportView lookup={lookup} restricted={restricted} />;
}

/**
 * The head slot's content: the JSON-LD of a published passport. A withdrawn one has none, as its JSON-LD
 * address answers 410.
 */
export function renderPassportHead(lookup: PublicLookup) {
  if (lookup.kind !== 'published') return null;
  return <JsonLdScript document={passportJsonLd(lookup.passport)} />;
}
