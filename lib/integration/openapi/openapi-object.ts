/** An OpenAPI document or part of one: JSON whose members the builders and the tests read freely. */
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, built and read member by member
export type OpenApiObject = Record<string, any>;

interface ServedDocument {
  json: string;
  document: OpenApiObject;
}

/**
 * A served document, built on the first request (it reads the configuration) and then kept with its JSON: the
 * definitions and the configuration never change at run time.
 */
export function builtOnce(build: () => OpenApiObject): () => ServedDocument {
  let served: ServedDocument | undefined;
  return () => {
    if (!served) {
      const document = build();
      served = { json: JSON.stringify(document), document };
    }
    return served;
  };
}
