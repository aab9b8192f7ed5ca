import { loadByDigitalLink, passportMetadata } from '../../passport-data';
import { renderPassport } from '../../render-passport';

type Params = Promise<{ gtin: string }>;

const load = async (params: Params) => loadByDigitalLink((await params).gtin);

export async function generateMetadata({ params }: { params: Params }) {
  return passportMetadata(await load(params));
}

/** GS1 Digital Link `/01/{gtin}`: the model-level passport (or the GTIN's only one), rendered in place. */
export default async function GtinPassportPage({ params }: { params: Params }) {
  return renderPassport(await load(params));
}
