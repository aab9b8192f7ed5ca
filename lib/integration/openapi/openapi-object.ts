/** An OpenAPI document or part of one: JSON whose members the builders and the tests read freely. */
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, built and read member by member
export type OpenApiObject = Record<string, any>;
