import { loadByDigitalLink } from '@/app/(public)/passport-data';
import { renderPassportHead } from '@/app/(public)/render-passport';

export default async function BatchPassportHead({ params }: { params: Promise<{ gtin: string; batch: string }> }) {
  const { gtin, batch } = await params;
  return renderPassportHead(await loadByDigitalLink(gtin, { ai: '10', segment: batch }));
}
