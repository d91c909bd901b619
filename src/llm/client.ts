import type { LlmConfig } from './config.js';

/**
 * A minimal client of the OpenAI chat-completions protocol (vLLM, llama.cpp
 * server, Ollama, LM Studio, …): temperature 0, JSON-schema constrained output
 * where the server accepts it, retries with exponential backoff on 429 / 5xx /
 * timeouts / network errors.
 */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface JsonSchemaFormat {
  name: string;
  strict: boolean;
  schema: object;
}

export interface ChatResult {
  content: string;
  /** Tokens the server reports (or an estimate when it does not). */
  tokens: number;
}

/**
 * A failed call. Its message names the server URL (without credentials), what
 * went wrong and what to check, and never any document text: it is `printable`,
 * so the command line shows it to the user (src/cli/errors.ts).
 */
export class LlmCallError extends Error {
  readonly printable = true;
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'LlmCallError';
  }
}

/** The URL as shown in messages: user name and password removed. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** The system error code behind a failed fetch (undici nests it under `cause`, sometimes in an AggregateError). */
function networkCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      e = errors[0];
      continue;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A message a user can act on for a request that got no HTTP answer. */
export function unreachableMessage(err: unknown, url: string): string {
  const code = networkCode(err);
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused at ${url} (is the server running? see --llm-base-url)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found for ${url} (check the host name in --llm-base-url)`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `connection closed by the server at ${url} before it answered (check the server's log)`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `connection to ${url} timed out (is the host reachable? see --llm-base-url)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no route to ${url} (is the host reachable? see --llm-base-url)`;
    case 'ERR_INVALID_URL':
      return `invalid LLM server URL ${url} (see --llm-base-url)`;
    default:
      return `cannot reach the LLM server at ${url}${code ? ` (${code})` : ''} (see --llm-base-url)`;
  }
}

/** What to check for an HTTP error status. */
export function httpStatusHint(status: number): string {
  if (status === 401 || status === 403) return 'check --llm-api-key or SPLICE_LLM_API_KEY';
  if (status === 404) return 'check that --llm-base-url ends in /v1 and that --llm-model names a model the server serves';
  if (status === 429) return 'rate limited: lower --llm-concurrency or raise --llm-retries';
  if (status === 413) return 'request too large: lower --llm-chunk-chars';
  if (status >= 500) return "server error: see the server's log";
  return 'see the server\'s log';
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;

export class ChatClient {
  /** Set once the server has refused `response_format`: later calls go without it. */
  private schemaUnsupported = false;

  constructor(private readonly config: LlmConfig) {}

  async complete(messages: ChatMessage[], format?: JsonSchemaFormat): Promise<ChatResult> {
    let attempt = 0;
    for (;;) {
      try {
        return await this.once(messages, format);
      } catch (err) {
        const status = err instanceof LlmCallError ? err.status : undefined;
        const retryable = status === undefined || RETRYABLE(status);
        if (!retryable || attempt >= this.config.retries) {
          if (attempt > 0 && err instanceof LlmCallError) throw new LlmCallError(`${err.message}; gave up after ${attempt + 1} attempts`, err.status);
          throw err;
        }
        const retryAfter = (err as { retryAfterMs?: number }).retryAfterMs;
        await sleep(retryAfter ?? this.config.backoffMs * 2 ** attempt);
        attempt++;
      }
    }
  }

  private async once(messages: ChatMessage[], format?: JsonSchemaFormat): Promise<ChatResult> {
    const body: Record<string, unknown> = { model: this.config.model, messages, temperature: 0 };
    if (format && !this.schemaUnsupported) body.response_format = { type: 'json_schema', json_schema: format };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    const url = `${this.config.baseUrl}/chat/completions`;
    const shown = displayUrl(url);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new LlmCallError(
        timedOut ? `request to ${shown} timed out after ${this.config.timeoutMs} ms (is the server overloaded? raise --llm-timeout)` : unreachableMessage(err, shown),
      );
    }
    if (response.status === 400 && body.response_format) {
      // Server without structured output: fall back to the tolerant parser.
      await response.body?.cancel();
      this.schemaUnsupported = true;
      return this.once(messages, format);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const error = new LlmCallError(`${shown} answered HTTP ${response.status} (${httpStatusHint(response.status)})`, response.status);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) Object.assign(error, { retryAfterMs: Math.min(retryAfter, 30) * 1000 });
      throw error;
    }
    let payload: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { total_tokens?: number } };
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      throw new LlmCallError(`${shown} sent a response that is not JSON (is --llm-base-url an OpenAI-compatible /v1 endpoint?)`, 502);
    }
    const content = payload.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmCallError(`${shown} sent a response without message content (is it a chat-completions endpoint?)`, 502);
    const estimated = Math.ceil((JSON.stringify(messages).length + content.length) / 4);
    return { content, tokens: payload.usage?.total_tokens ?? estimated };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
