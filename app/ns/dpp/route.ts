import { config } from '@/lib/config';
import { dppNamespace } from '@/lib/passport/public/jsonld';
import { DPP_TERMS, vocabularyDocument } from '@/lib/passport/public/vocabulary';

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
