import { DPP_VOCABULARY } from '@/lib/passport/public/representations';
import { vocabularyRoute } from '../vocabulary';

export const dynamic = 'force-dynamic';

/** The definitions of the `dpp:` terms (their IRIs are under the fixed dpp namespace). */
export const GET = vocabularyRoute(DPP_VOCABULARY);
