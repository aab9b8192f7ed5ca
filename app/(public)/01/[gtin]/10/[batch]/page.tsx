import { loadByDigitalLink, passportMetadata } from '../../../../passport-data';
import { renderPassport } from '../../../../render-passport';

type Params = Promise<{ gtin: string; batch: string }>;

/** The page receives the segment still percent-encoded; the data module decodes it once. */
const load = (gtin: string, segment: string) => loadByDigitalLink(gtin, { ai: '10', segment });

export async function generateMetadata({ params }: { params: Params }) {
  const { gtin, batch } = await params;
  // Next 16.4 hands generateMetadata the decoded segment but the page the encoded one: re-encoding gives both
  // the same key (and one cached lookup), and keeps "decoded exactly once".
  return passportMetadata(await load(gtin, encodeURIComponent(batch)));
}

/** GS1 Digital Link `/01/{gtin}/10/{batch}`: a batch's passport, rendered in place. */
export default async function BatchPassportPage({ params }: { params: Params }) {
  const { gtin, batch } = await params;
  return renderPassport(await load(gtin, batch));
}
