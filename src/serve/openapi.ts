import { errorResponse } from './schemas.js';

/**
 * The OpenAPI 3.1 document served at /openapi.json, built from the same route
 * specifications (and JSON schemas) that the server registers.
 */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tag: 'engine' | 'review' | 'service';
  /** Routes open without the API token (/healthz and the review app's static files). */
  public?: boolean;
  body?: Record<string, unknown>;
  querystring?: Record<string, unknown>;
  params?: Record<string, unknown>;
  /** Success answer: its schema, or a content type for non-JSON answers. */
  response?: Record<string, unknown>;
  responseType?: string;
  /** Left out of the document (the review app's static files). */
  hidden?: boolean;
}

function parameters(spec: RouteSpec): object[] {
  const out: object[] = [];
  const add = (where: 'path' | 'query', schema: Record<string, unknown> | undefined) => {
    if (!schema) return;
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, s] of Object.entries(properties)) {
      const { description, ...rest } = s;
      const p: Record<string, unknown> = { name, in: where, required: where === 'path' || required.has(name), schema: rest };
      if (description) p.description = description;
      out.push(p);
    }
  };
  add('path', spec.params);
  add('query', spec.querystring);
  return out;
}

export function openApiDocument(routes: readonly RouteSpec[], version: string): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    if (spec.hidden) continue;
    const path = spec.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const operation: Record<string, unknown> = { summary: spec.summary, tags: [spec.tag] };
    const params = parameters(spec);
    if (params.length) operation.parameters = params;
    if (spec.body) operation.requestBody = { required: true, content: { 'application/json': { schema: spec.body } } };
    const ok = spec.responseType
      ? { description: 'OK', content: { [spec.responseType]: { schema: { type: 'string' } } } }
      : { description: 'OK', content: { 'application/json': { schema: spec.response ?? { type: 'object' } } } };
    const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    const responses: Record<string, unknown> = { 200: ok };
    if (spec.body || spec.querystring || spec.params) responses[400] = error('invalid request (the message names the field, never its value)');
    if (!spec.public) responses[401] = error('missing or wrong API token');
    if (spec.body) responses[413] = error('body (or a document) over the size limit');
    if (spec.tag === 'engine') responses[503] = error('time limit exceeded, engine overloaded, or shutting down');
    operation.responses = responses;
    if (spec.public) operation.security = [];
    (paths[path] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Splice',
      version,
      description: 'Detect, assess and irreversibly redact PII in free text; review and correct what was found. Offsets are UTF-16 indices, end exclusive.',
    },
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'the token given to `splice serve` (--token or SPLICE_API_TOKEN)' } },
      schemas: { Error: errorResponse },
    },
    paths,
  };
}
