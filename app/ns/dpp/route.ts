import { DPP_TERMS, dppNamespace } from '@/lib/passport/public/representations';
import { vocabularyRoute } from '../vocabulary';

export const dynamic = 'force-dynamic';

/** What `dpp:` IRIs dereference to. */
export const GET = vocabularyRoute(
  dppNamespace,
  'Battery Passport Service: digital product passport vocabulary',
  DPP_TERMS,
);
