import { loadBySlug, passportMetadata } from '../../passport-data';
import { renderPassport } from '../../render-passport';

type Params = Promise<{ slug: string }>;

const load = async (params: Params) => loadBySlug((await params).slug);

export async function generateMetadata({ params }: { params: Params }) {
  return passportMetadata(await load(params));
}

/** `/dpp/{slug}`: the address of a passport without a GTIN. */
export default async function SlugPassportPage({ params }: { params: Params }) {
  return renderPassport(await load(params));
}
