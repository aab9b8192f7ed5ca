import { config } from '@/lib/config';
import { DPP_TERMS, dppNamespace, vocabularyDocument } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/** What `dpp:` IRIs dereference to. Outside /api on purpose: a vocabulary is not rate-limited. */
export function GET(): Response {
  const doc = vocabularyDocument(
    dppNamespace(config().BASE_URL),
    'Battery Passport Service: digital product passport vocabulary',
    DPP_TERMS,
  );
  return new Response(JSON.stringify(doc), {
    headers: {
      'Content-Type': 'application/ld+json; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'Access-Control-Allow-Origin': '*',
    },
  });
}
