import { loadByDigitalLink, passportMetadata } from '../../../../passport-data';
import { renderPassport } from '../../../../render-passport';

type Params = Promise<{ gtin: string; serial: string }>;

/** The page receives the segment still percent-encoded; the data module decodes it once. */
const load = (gtin: string, segment: string) => loadByDigitalLink(gtin, { ai: '21', segment });

export async function generateMetadata({ params }: { params: Params }) {
  const { gtin, serial } = await params;
  // Next 16.4 hands generateMetadata the decoded segment but the page the encoded one: re-encoding gives both
  // the same key (and one cached lookup), and keeps "decoded exactly once".
  return passportMetadata(await load(gtin, encodeURIComponent(serial)));
}

/** GS1 Digital Link `/01/{gtin}/21/{serial}`: one battery's passport, rendered in place. */
export default async function SerialPassportPage({ params }: { params: Params }) {
  const { gtin, serial } = await params;
  return renderPassport(await load(gtin, serial));
}
