import type { z } from 'zod';
import { logger } from '../log';

/**
 * Outside production every JSON success answer of a wrapped route is parsed with the schema its endpoint declares
 * (the one its OpenAPI document shows), so a test or a development request that answers another shape fails.
 * Production skips it: the hot path pays nothing for a check the tests already made.
 */
export const responsesChecked = (): boolean => process.env.NODE_ENV !== 'production';

export interface ResponseProblem {
  path: string;
  message: string;
}

/** Thrown for an answer that its declared schema refuses: the wrapper turns it into its 500 envelope. */
export class ResponseMismatch extends Error {
  constructor(
    readonly endpoint: string,
    readonly problems: ResponseProblem[],
  ) {
    super(
      `${endpoint} answered a body its declared response schema refuses: ` +
        problems
          .slice(0, 5)
          .map((p) => `${p.path || '(root)'}: ${p.message}`)
          .join('; '),
    );
    this.name = 'ResponseMismatch';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Where the parsed answer differs from the one sent: a member the schema does not know (zod strips it), or a
 * value it replaced (a default, a transform). Either way the document does not describe what was sent.
 */
function differences(sent: unknown, parsed: unknown, path = ''): ResponseProblem[] {
  if (Object.is(sent, parsed)) return [];
  if (Array.isArray(sent) && Array.isArray(parsed) && sent.length === parsed.length)
    return sent.flatMap((item, i) => differences(item, parsed[i], join(path, i)));
  if (isObject(sent) && isObject(parsed)) {
    const names = new Set([...Object.keys(sent), ...Object.keys(parsed)]);
    return [...names].flatMap((name) => {
      if (!(name in parsed)) return [{ path: join(path, name), message: 'member not in the declared schema' }];
      if (!(name in sent)) return [{ path: join(path, name), message: 'member missing (the schema supplies it)' }];
      return differences(sent[name], parsed[name], join(path, name));
    });
  }
  return [{ path, message: 'value changed by the declared schema' }];
}

/** What the schema refuses in `body`, or finds there beyond what it declares; empty when the answer conforms. */
export function responseProblems(schema: z.ZodType, body: unknown): ResponseProblem[] {
  const result = schema.safeParse(body);
  if (!result.success)
    return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return differences(body, result.data);
}

const isJson = (response: Response) => /\bjson\b/i.test(response.headers.get('content-type') ?? '');

const parsedBody = async (response: Response): Promise<unknown> => JSON.parse(await response.clone().text());

/**
 * Throws ResponseMismatch (after logging the endpoint and the problems) when a 2xx JSON answer does not conform to
 * `schema`; other answers (errors, downloads, CSV, 204) pass untouched. The answer's body is read from a clone.
 */
export async function checkResponse(endpoint: string, schema: z.ZodType, response: Response): Promise<void> {
  if (response.status < 200 || response.status >= 300 || response.status === 204 || !isJson(response)) return;
  const problems = await parsedBody(response).then(
    (body) => responseProblems(schema, body),
    () => [{ path: '', message: 'the body is not JSON' }],
  );
  if (problems.length === 0) return;
  logger().error({ endpoint, status: response.status, problems }, 'response does not match its declared schema');
  throw new ResponseMismatch(endpoint, problems);
}
