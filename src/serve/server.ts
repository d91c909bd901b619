import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { toOutputSpan } from '../cli/spans.js';
import { binaryReason, describeRejection } from '../cli/input.js';
import { evaluate } from '../eval/evaluate.js';
import { TOKENIZATION, toJson, type RunInfo } from '../eval/json-output.js';
import { parsePredictions } from '../eval/loaders/predictions.js';
import { parseDocument } from '../eval/loaders/splice-jsonl.js';
import { CorpusFormatError } from '../eval/loaders/loader.js';
import type { GoldCorpus, GoldDocument, Predictions } from '../eval/types.js';
import type { PipelineOptions } from '../pipeline.js';
import { APP_CSS } from './app/app-css.js';
import { APP_JS } from './app/app-js.js';
import { INDEX_HTML } from './app/index-html.js';
import type { Engine } from './engine.js';
import { describeError, HttpError } from './errors.js';
import { openApiDocument, type RouteSpec } from './openapi.js';
import { registerReviewRoutes } from './routes-review.js';
import * as S from './schemas.js';
import { mapLimit } from './util.js';
import type { ReviewStore } from './storage/types.js';

export const SPLICE_VERSION = '0.1.0';

/**
 * The HTTP service of `splice serve` (fastify): the engine under /v1, the
 * review app's API under /api and its page at /, /healthz and /openapi.json.
 *
 * Every route but /healthz and the review app's static files needs the API
 * token (Authorization: Bearer …). The log gets method, route pattern, status
 * and time per request, and the code and class of errors: never bodies, query
 * strings, URLs with their values, or error messages that could quote a body.
 */
export interface ServerConfig {
  token: string;
  engine: Engine;
  store: ReviewStore;
  /** Largest request body in bytes (413 above). */
  bodyLimit: number;
  /** Largest document in UTF-8 bytes (413 above), as `--max-bytes` in the CLI. */
  maxBytes: number;
  /** The engine options (reported by /v1/evaluate). */
  pipeline: PipelineOptions;
  /** Most documents in one upload or evaluation (default 10,000). */
  maxDocuments?: number;
  /** How long a client may take to send a request, in ms (default 120,000). */
  requestTimeoutMs?: number;
  /** pino options; false for no log. */
  logger?: { stream: { write(chunk: string): unknown }; level?: string } | false;
}

export interface RouteContext {
  app: FastifyInstance;
  config: ServerConfig;
  add(spec: RouteSpec, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown): void;
}

/** Constant-time comparison of the presented token with the configured one. */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer[ \t]+(\S{1,4096})[ \t]*$/i.exec(header);
  return m ? m[1] : undefined;
}

/** The text of a document in a request: the size limit and the text checks of the CLI. */
export function checkText(text: string, maxBytes: number, where = 'body/text'): void {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) throw new HttpError(413, 'DOCUMENT_TOO_LARGE', `${where}: ${describeRejection({ kind: 'oversize', bytes, limit: maxBytes })}`);
  const binary = binaryReason(text);
  if (binary) throw new HttpError(400, 'INVALID_TEXT', `${where}: ${describeRejection(binary)}`);
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
const APP_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export async function buildServer(config: ServerConfig): Promise<FastifyInstance> {
  if (!config.token) throw new Error('the server needs an API token');
  const logger = (config.logger
    ? {
        level: config.logger.level ?? 'info',
        stream: config.logger.stream,
        // Requests and replies are logged by the onResponse hook below; these keep anything else to method and route.
        serializers: {
          req: (req: { method?: string; routeOptions?: { url?: string } }) => ({ method: req.method, route: req.routeOptions?.url ?? '(unmatched)' }),
          res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
          // Never an error's message or stack: a parser's message can quote the body.
          err: (err: { name?: string; code?: unknown }) => ({ type: err.name, code: err.code }),
        },
      }
    : false) as unknown as FastifyServerOptions['logger'];
  const options: FastifyServerOptions = {
    logger,
    // Fastify's own request lines are off: the onResponse hook below logs what is safe.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs ?? 120_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 256 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false, allowUnionTypes: true } },
  };
  const app: FastifyInstance = Fastify(options);
  // Bodies are JSON only (415 otherwise).
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return;
    const presented = bearer(request);
    if (presented === undefined || !tokenMatches(presented, config.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'UNAUTHORIZED', 'missing or wrong API token (Authorization: Bearer <token>)');
    }
    reply.header('cache-control', 'no-store');
  });

  // While shutting down, answers close their connection: a kept-alive socket would hold the close back.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.setErrorHandler(async (error, request, reply) => {
    const answer = describeError(error, config.bodyLimit);
    const name = error instanceof Error ? error.name : typeof error;
    if (answer.status >= 500) request.log.error({ code: answer.code, type: name }, 'request failed');
    else request.log.info({ code: answer.code, status: answer.status }, 'request rejected');
    if (answer.status === 503) reply.header('retry-after', '1');
    reply.code(answer.status).send({ statusCode: answer.status, code: answer.code, message: answer.message, ...(answer.details ? { details: answer.details } : {}) });
  });

  app.setNotFoundHandler(async (_request, reply) => {
    reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'no such route (see /openapi.json)' });
  });

  const routes: RouteSpec[] = [];
  const context: RouteContext = {
    app,
    config,
    add(spec, handler) {
      routes.push(spec);
      const schema: Record<string, unknown> = {};
      if (spec.body) schema.body = spec.body;
      if (spec.querystring) schema.querystring = spec.querystring;
      if (spec.params) schema.params = spec.params;
      app.route({ method: spec.method, url: spec.url, schema, config: { public: spec.public === true }, handler: async (request, reply) => handler(request, reply) });
    },
  };

  registerServiceRoutes(context, routes);
  registerEngineRoutes(context);
  registerReviewRoutes(context);
  registerAppRoutes(context);
  return app;
}

function registerServiceRoutes({ add, config }: RouteContext, routes: RouteSpec[]): void {
  add({ method: 'GET', url: '/healthz', summary: 'liveness: 200 while the engine can take work', tag: 'service', public: true, response: S.healthResponse }, async (_request, reply) => {
    const ok = config.engine.healthy();
    reply.header('cache-control', 'no-store');
    reply.code(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable' };
  });
  let document: object | undefined;
  add({ method: 'GET', url: '/openapi.json', summary: 'this OpenAPI 3.1 document', tag: 'service' }, async () => {
    document ??= openApiDocument(routes, SPLICE_VERSION);
    return document;
  });
}

interface DocumentBody {
  id?: string;
  text: string;
}

function registerEngineRoutes({ add, config }: RouteContext): void {
  const { engine, maxBytes } = config;
  const withId = (body: DocumentBody, answer: object) => (body.id === undefined ? answer : { id: body.id, ...answer });

  add({ method: 'POST', url: '/v1/detect', summary: 'the PII spans of a document, assessed (as `splice detect`)', tag: 'engine', body: S.documentBody, response: S.detectResponse }, async (request) => {
    const body = request.body as DocumentBody;
    checkText(body.text, maxBytes);
    const spans = await engine.detect(body.text);
    return withId(body, { spans: spans.map((s) => toOutputSpan(s, true)) });
  });

  add({ method: 'POST', url: '/v1/redact', summary: 'the document with every PII span irreversibly replaced (as `splice redact`)', tag: 'engine', body: S.documentBody, response: S.redactResponse }, async (request) => {
    const body = request.body as DocumentBody;
    checkText(body.text, maxBytes);
    const result = await engine.redact(body.text);
    // Fail closed: no redacted text, no answer (the engine's errors become 5xx above).
    if (typeof result.redacted !== 'string') throw new HttpError(500, 'PROCESSING_ERROR', 'redaction produced no text');
    return withId(body, { text: result.redacted, spans: result.spans.map((s) => toOutputSpan(s, false)) });
  });

  add({ method: 'POST', url: '/v1/assess', summary: 'how many people share each element, and the document k estimate (as `splice assess --json`)', tag: 'engine', body: S.documentBody, response: S.assessResponse }, async (request) => {
    const body = request.body as DocumentBody;
    checkText(body.text, maxBytes);
    return withId(body, await engine.assess(body.text));
  });

  add(
    { method: 'POST', url: '/v1/evaluate', summary: "scores Splice (or the predictions given) against a gold corpus (as `splice eval --json`)", tag: 'engine', body: S.evaluateBody, response: S.evaluateResponse },
    async (request, reply) => {
      const body = request.body as { documents: unknown[]; predictions?: unknown[] };
      const documents: GoldDocument[] = [];
      const seen = new Set<string>();
      body.documents.forEach((raw, i) => {
        const doc = parseDocument(raw, `documents[${i}]`, `doc-${i + 1}`);
        if (seen.has(doc.id)) throw new CorpusFormatError(`documents[${i}]`, 'duplicate document id');
        seen.add(doc.id);
        checkText(doc.text, maxBytes, `documents[${i}].text`);
        documents.push(doc);
      });
      const corpus: GoldCorpus = { format: 'splice', documents };
      const warnings: string[] = [];
      let predictions: Predictions;
      if (body.predictions) {
        const loaded = parsePredictions(JSON.stringify(body.predictions), corpus);
        predictions = loaded.predictions;
        warnings.push(...loaded.warnings);
      } else {
        const spans = await mapLimit(documents, 4, (doc) => engine.detect(doc.text));
        predictions = new Map(documents.map((doc, i) => [doc.id, spans[i].map((s) => ({ start: s.start, end: s.end, label: s.label, score: s.score }))]));
      }
      const run: RunInfo = { gold: 'request', predictions: body.predictions ? 'request' : 'engine', tokenization: TOKENIZATION, warnings };
      if (!body.predictions) {
        run.profile = config.pipeline.profile;
        if (config.pipeline.labels) run.labels = [...config.pipeline.labels];
      }
      reply.type('application/json; charset=utf-8');
      return toJson(evaluate(corpus, predictions), run);
    },
  );
}

function registerAppRoutes({ add }: RouteContext): void {
  const asset = (url: string, type: string, content: string) =>
    add({ method: 'GET', url, summary: 'review app', tag: 'review', public: true, hidden: true, responseType: type }, async (_request, reply) => {
      reply.header('content-security-policy', APP_CSP).header('cache-control', 'no-cache').type(type);
      return content;
    });
  asset('/', 'text/html; charset=utf-8', INDEX_HTML);
  asset('/app.js', 'text/javascript; charset=utf-8', APP_JS);
  asset('/app.css', 'text/css; charset=utf-8', APP_CSS);
}
