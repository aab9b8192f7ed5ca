import { batchAndSerialMetadata, loadByBatchAndSerial } from '../../../../../../passport-data';
import { renderPassport } from '../../../../../../render-passport';

type Params = Promise<{ gtin: string; batch: string; serial: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  const { gtin, batch, serial } = await params;
  return batchAndSerialMetadata(gtin, batch, serial);
}

/**
 * GS1 Digital Link `/01/{gtin}/10/{batch}/21/{serial}` (the key qualifiers in the standard's order): the serial's
 * passport, rendered in place, when it records that batch; 404 otherwise.
 */
export default async function BatchSerialPassportPage({ params }: { params: Params }) {
  const { gtin, batch, serial } = await params;
  return renderPassport(await loadByBatchAndSerial(gtin, batch, serial));
}
