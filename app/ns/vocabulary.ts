import { type Vocabulary, vocabularyDocument } from '@/lib/passport/public/representations';

/**
 * The GET of a vocabulary, what its IRIs are defined by: JSON-LD any site may read, cached for a day. The same bytes
 * on every instance (the namespaces are fixed, not this deployment's address). Outside /api on purpose: a
 * vocabulary is not rate-limited.
 */
export function vocabularyRoute(vocabulary: Vocabulary) {
  const body = JSON.stringify(vocabularyDocument(vocabulary));
  return function serveVocabulary(): Response {
    return new Response(body, {
      headers: {
        'Content-Type': 'application/ld+json; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
        'Access-Control-Allow-Origin': '*',
      },
    });
  };
}
