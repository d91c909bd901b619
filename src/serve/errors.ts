import { STATUS_CODES } from 'node:http';
import { CorpusFormatError } from '../eval/loaders/loader.js';
import { EngineError } from './engine.js';
import { UploadError } from './review/import.js';
import { DuplicateNameError } from './storage/types.js';

/**
 * Errors of the HTTP service and what a client is told about them. Messages
 * sent back name the field, the limit or the line, never a value from the
 * body; the log gets the code and the error class only (see server.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  validation?: Array<{ instancePath?: string; message?: string; params?: Record<string, unknown> }>;
  validationContext?: string;
}

const FIXED: Record<string, ErrorAnswer> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'the request body is over the size limit (--body-limit)' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send the body as application/json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'EMPTY_BODY', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_CONTENT_LENGTH', message: 'the Content-Length does not match the body' },
};

export function describeError(error: unknown, bodyLimit?: number): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message, details: error.details };
  if (error instanceof EngineError) return { status: error.status, code: error.code, message: error.message };
  if (error instanceof UploadError) return { status: 400, code: 'INVALID_UPLOAD', message: error.message };
  if (error instanceof CorpusFormatError) return { status: 400, code: 'INVALID_CORPUS', message: error.message };
  if (error instanceof DuplicateNameError) {
    return { status: 409, code: 'DUPLICATE_DOCUMENT', message: error.message, details: { ids: error.names.slice(0, 20) } };
  }
  const e = (error ?? {}) as FastifyLikeError;
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const first = e.validation[0];
    const where = `${e.validationContext ?? 'request'}${first.instancePath ?? ''}`;
    const extra = first.params?.additionalProperty ? ` (${String(first.params.additionalProperty).slice(0, 64)})` : '';
    return { status: 400, code: 'INVALID_REQUEST', message: `${where} ${first.message ?? 'is invalid'}${extra}` };
  }
  if (e.code && FIXED[e.code]) {
    const fixed = { ...FIXED[e.code] };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && bodyLimit) fixed.message = `the request body is over the size limit of ${bodyLimit} bytes (--body-limit)`;
    return fixed;
  }
  // The JSON parser's SyntaxError quotes the body: never pass its message on.
  if (error instanceof SyntaxError && e.statusCode === 400) return { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' };
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
  if (status < 500) return { status, code: (STATUS_CODES[status] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_'), message: STATUS_CODES[status] ?? 'bad request' };
  return { status: 500, code: 'INTERNAL_ERROR', message: 'internal error (the server log has the error class)' };
}
