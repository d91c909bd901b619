import { ALL_LABELS } from '../taxonomy.js';

/**
 * JSON schemas of the HTTP service: fastify validates request bodies, query
 * strings and path parameters with them, and /openapi.json publishes the same
 * objects. Bodies reject unknown properties (no silent removal).
 */
type Schema = Record<string, unknown>;

const idField: Schema = { type: 'string', maxLength: 200, description: "the caller's id of the document, echoed in the answer" };
const textField: Schema = { type: 'string', description: 'the document (UTF-8 text; offsets in answers are UTF-16 indices into it, end exclusive)' };

export const documentBody: Schema = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: { id: idField, text: textField },
};

const goldSpan: Schema = {
  type: 'object',
  required: ['start', 'end', 'label'],
  properties: {
    start: { type: 'integer', minimum: 0 },
    end: { type: 'integer', minimum: 1 },
    label: { type: 'string', maxLength: 64 },
    text: { type: 'string' },
  },
};

export const evaluateBody: Schema = {
  type: 'object',
  required: ['documents'],
  additionalProperties: false,
  properties: {
    documents: {
      type: 'array',
      minItems: 1,
      maxItems: 10_000,
      description: 'the gold corpus in the benchmark format: {id, domain?, text, spans: [{start, end, label}]}',
      items: {
        type: 'object',
        required: ['text'],
        properties: { id: { type: ['string', 'integer'] }, domain: { type: 'string' }, text: { type: 'string' }, spans: { type: 'array', items: goldSpan } },
      },
    },
    predictions: {
      type: 'array',
      maxItems: 10_000,
      description: "another system's spans per document id; without it Splice runs on the gold texts",
      items: {
        type: 'object',
        required: ['id', 'spans'],
        properties: {
          id: { type: ['string', 'integer'] },
          spans: { type: 'array', items: { type: 'object', required: ['start', 'end', 'label'], properties: { start: { type: 'integer' }, end: { type: 'integer' }, label: { type: 'string' }, score: { type: 'number' } } } },
        },
      },
    },
  },
};

const outputSpan: Schema = {
  type: 'object',
  properties: {
    start: { type: 'integer' },
    end: { type: 'integer' },
    label: { type: 'string', enum: [...ALL_LABELS] },
    text: { type: 'string', description: 'detect only: redact answers never carry the removed values' },
    score: { type: 'number' },
    source: { type: 'string' },
    significance: { type: 'string', enum: ['HIGH', 'MEDIUM', 'LOW'] },
    identifying: { type: 'boolean' },
    identifyingInCombination: { type: 'boolean' },
    redact: { type: 'boolean' },
  },
};

export const detectResponse: Schema = { type: 'object', properties: { id: { type: 'string' }, spans: { type: 'array', items: outputSpan } } };
export const redactResponse: Schema = { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string', description: 'the redacted text' }, spans: { type: 'array', items: outputSpan } } };
export const assessResponse: Schema = {
  type: 'object',
  description: 'the record of `splice assess --json`: pool size, reference population, k estimates and one element per span',
  properties: { id: { type: 'string' }, poolSize: { type: 'number' }, k: { type: 'object' }, elements: { type: 'array', items: { type: 'object' } } },
};
export const evaluateResponse: Schema = { type: 'object', description: 'the JSON of `splice eval --json` (schema splice-eval/1)', properties: { schema: { type: 'string' }, run: { type: 'object' } } };
export const errorResponse: Schema = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: { statusCode: { type: 'integer' }, code: { type: 'string' }, message: { type: 'string', description: 'never quotes the request body' } },
};
export const healthResponse: Schema = { type: 'object', properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } } };

// ---- review app ----

/** Reviewer names: letters, digits, space, . _ @ - (1 to 64 characters). */
export const REVIEWER_PATTERN = '^[\\p{L}\\p{N}][\\p{L}\\p{N} ._@-]{0,63}$';
const uuid: Schema = { type: 'string', pattern: '^[0-9a-f-]{36}$' };
const labelField: Schema = { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,39}$', description: `a category (${ALL_LABELS.join(', ')}), or an imported label kept as written` };

export const projectParams: Schema = { type: 'object', required: ['projectId'], properties: { projectId: uuid } };
export const documentParams: Schema = { type: 'object', required: ['documentId'], properties: { documentId: uuid } };
export const reviewParams: Schema = {
  type: 'object',
  required: ['documentId', 'reviewer'],
  properties: { documentId: uuid, reviewer: { type: 'string', pattern: REVIEWER_PATTERN } },
};
export const spanParams: Schema = {
  type: 'object',
  required: ['documentId', 'reviewer', 'spanId'],
  properties: { documentId: uuid, reviewer: { type: 'string', pattern: REVIEWER_PATTERN }, spanId: uuid },
};

export const createProjectBody: Schema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
};

export const uploadBody: Schema = {
  type: 'object',
  required: ['filename', 'content'],
  additionalProperties: false,
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 255, description: '.txt (one document), .jsonl (benchmark format), .json (TAB), .conll' },
    content: { type: 'string', description: 'the file as text (UTF-8)' },
    engine: { type: 'boolean', default: true, description: "run Splice on the documents and suggest its spans (beside the file's own annotations)" },
    annotator: { type: 'string', maxLength: 100, description: 'TAB: whose annotations to import (default: the first of each document)' },
  },
};

export const addSpanBody: Schema = {
  type: 'object',
  required: ['start', 'end', 'label'],
  additionalProperties: false,
  properties: { start: { type: 'integer', minimum: 0 }, end: { type: 'integer', minimum: 1 }, label: labelField },
};

export const patchSpanBody: Schema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    start: { type: 'integer', minimum: 0 },
    end: { type: 'integer', minimum: 1 },
    label: labelField,
    status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] },
  },
};

export const reviewStatusBody: Schema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['in_progress', 'done'] } },
};

export const exportQuery: Schema = {
  type: 'object',
  required: ['format'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['jsonl', 'tab', 'labelstudio', 'redacted'] },
    reviewer: { type: 'string', pattern: REVIEWER_PATTERN, description: 'whose review (required for jsonl and redacted; tab and labelstudio default to every reviewer)' },
    documents: { type: 'string', enum: ['done', 'all'], default: 'done', description: 'done: documents whose review is marked done; all: every started review' },
  },
};

export const agreementQuery: Schema = {
  type: 'object',
  required: ['a', 'b'],
  additionalProperties: false,
  properties: {
    a: { type: 'string', pattern: REVIEWER_PATTERN },
    b: { type: 'string', pattern: REVIEWER_PATTERN },
    documents: { type: 'string', enum: ['done', 'all'], default: 'done' },
  },
};

const storedSpan: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    start: { type: 'integer' },
    end: { type: 'integer' },
    label: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] },
    origin: { type: 'string', enum: ['engine', 'import', 'reviewer'] },
    significance: { type: ['string', 'null'], enum: ['HIGH', 'MEDIUM', 'LOW', null] },
    identifying: { type: ['boolean', 'null'] },
    identifyingInCombination: { type: ['boolean', 'null'] },
  },
};
export const reviewResponse: Schema = {
  type: 'object',
  properties: { documentId: { type: 'string' }, reviewer: { type: 'string' }, status: { type: 'string' }, spans: { type: 'array', items: storedSpan } },
};
