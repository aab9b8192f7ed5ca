import { loadBySlug } from '@/app/(public)/passport-data';
import { renderPassportHead } from '@/app/(public)/render-passport';

export default async function SlugPassportHead({ params }: { params: Promise<{ slug: string }> }) {
  return renderPassportHead(await loadBySlug((await params).slug));
}
