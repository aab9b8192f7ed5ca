import { ESPR_VOCABULARY } from '@/lib/passport/public/representations';
import { vocabularyRoute } from '../vocabulary';

export const dynamic = 'force-dynamic';

/** The definitions of the `espr:` terms (their IRIs are under the fixed espr namespace). */
export const GET = vocabularyRoute(ESPR_VOCABULARY);
