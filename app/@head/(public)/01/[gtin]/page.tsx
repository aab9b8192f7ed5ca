import { loadByDigitalLink } from '@/app/(public)/passport-data';
import { renderPassportHead } from '@/app/(public)/render-passport';

// The head slot of /01/{gtin}: same cached lookup as the page, so no second database read.
export default async function GtinPassportHead({ params }: { params: Promise<{ gtin: string }> }) {
  return renderPassportHead(await loadByDigitalLink((await params).gtin));
}
