/**
 * Settings of the optional LLM detector (the specification's method A), from
 * options or the environment (SPLICE_LLM_BASE_URL, SPLICE_LLM_MODEL, SPLICE_LLM_API_KEY).
 */
export type LlmErrorMode = 'fail' | 'degrade';

export interface LlmConfig {
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Retries after the first attempt, on 429 / 5xx / network errors / timeouts. */
  retries: number;
  /** First backoff delay; doubles at each retry (a Retry-After header wins). */
  backoffMs: number;
  /** Requests in flight at once across all documents. */
  concurrency: number;
  /** Characters per chunk sent to the model (≈ 4 characters per token). */
  chunkChars: number;
  /** Characters shared by consecutive chunks. */
  overlapChars: number;
  /** Upper bound of prompt+completion tokens spent on one document (estimated). */
  maxTokensPerDocument: number;
  /** Opt-in cache folder; entries are keyed by hash and hold offsets, never text. */
  cacheDir?: string;
  /** 'fail': a failed call stops the document (fail closed); 'degrade': warn and go on. */
  onError: LlmErrorMode;
  /** Also ask the model whether each element identifies someone (method B). */
  assess: boolean;
}

export const LLM_DEFAULTS: Omit<LlmConfig, 'baseUrl' | 'model'> = {
  timeoutMs: 60_000,
  retries: 3,
  backoffMs: 500,
  concurrency: 4,
  chunkChars: 6_000,
  overlapChars: 400,
  maxTokensPerDocument: 200_000,
  onError: 'fail',
  assess: false,
};

export function llmConfigFrom(options: Partial<LlmConfig>, env: NodeJS.ProcessEnv = process.env): LlmConfig {
  const baseUrl = options.baseUrl ?? env.SPLICE_LLM_BASE_URL;
  const model = options.model ?? env.SPLICE_LLM_MODEL;
  if (!baseUrl) throw new Error('the LLM detector needs a base URL (--llm-base-url or SPLICE_LLM_BASE_URL)');
  if (!model) throw new Error('the LLM detector needs a model name (--llm-model or SPLICE_LLM_MODEL)');
  let parsed: URL | undefined;
  try {
    parsed = new URL(baseUrl);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`invalid LLM base URL "${baseUrl}": expected http://HOST:PORT/v1 or https://… (--llm-base-url or SPLICE_LLM_BASE_URL)`);
  }
  const config: LlmConfig = { ...LLM_DEFAULTS, ...stripUndefined(options), baseUrl: baseUrl.replace(/\/+$/, ''), model };
  config.apiKey = options.apiKey ?? env.SPLICE_LLM_API_KEY;
  if (config.overlapChars >= config.chunkChars) throw new Error('LLM chunk overlap must be smaller than the chunk size');
  return config;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
