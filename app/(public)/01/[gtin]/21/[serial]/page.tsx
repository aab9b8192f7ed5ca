import { loadByDigitalLink, qualifiedPassportMetadata } from '../../../../passport-data';
import { renderPassport } from '../../../../render-passport';

type Params = Promise<{ gtin: string; serial: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  const { gtin, serial } = await params;
  return qualifiedPassportMetadata(gtin, '21', serial);
}

/** GS1 Digital Link `/01/{gtin}/21/{serial}`: one battery's passport, rendered in place. */
export default async function SerialPassportPage({ params }: { params: Params }) {
  const { gtin, serial } = await params;
  return renderPassport(await loadByDigitalLink(gtin, { ai: '21', segment: serial }));
}
