import { loadByBatchAndSerial } from '@/app/(public)/passport-data';
import { renderPassportHead } from '@/app/(public)/render-passport';

export default async function BatchSerialPassportHead({
  params,
}: {
  params: Promise<{ gtin: string; batch: string; serial: string }>;
}) {
  const { gtin, batch, serial } = await params;
  return renderPassportHead(await loadByBatchAndSerial(gtin, batch, serial));
}
