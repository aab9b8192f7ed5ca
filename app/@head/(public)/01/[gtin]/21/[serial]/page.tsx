import { loadByDigitalLink } from '@/app/(public)/passport-data';
import { renderPassportHead } from '@/app/(public)/render-passport';

export default async function SerialPassportHead({ params }: { params: Promise<{ gtin: string; serial: string }> }) {
  const { gtin, serial } = await params;
  return renderPassportHead(await loadByDigitalLink(gtin, { ai: '21', segment: serial }));
}
