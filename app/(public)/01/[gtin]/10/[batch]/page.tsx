import { loadByDigitalLink, qualifiedPassportMetadata } from '../../../../passport-data';
import { renderPassport } from '../../../../render-passport';

type Params = Promise<{ gtin: string; batch: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  const { gtin, batch } = await params;
  return qualifiedPassportMetadata(gtin, '10', batch);
}

/** GS1 Digital Link `/01/{gtin}/10/{batch}`: a batch's passport, rendered in place. */
export default async function BatchPassportPage({ params }: { params: Params }) {
  const { gtin, batch } = await params;
  return renderPassport(await loadByDigitalLink(gtin, { ai: '10', segment: batch }));
}
