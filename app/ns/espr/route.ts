import { ESPR_TERMS, esprNamespace } from '@/lib/passport/public/representations';
import { vocabularyRoute } from '../vocabulary';

export const dynamic = 'force-dynamic';

/** What `espr:` IRIs dereference to. */
export const GET = vocabularyRoute(esprNamespace, 'Battery Passport Service: ESPR circularity vocabulary', ESPR_TERMS);
