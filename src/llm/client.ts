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

export class LlmCallError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'LlmCallError';
  }
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
        if (!retryable || attempt >= this.config.retries) throw err;
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
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new LlmCallError(timedOut ? `LLM request timed out after ${this.config.timeoutMs} ms` : `LLM server unreachable (${(err as Error).message})`);
    }
    if (response.status === 400 && body.response_format) {
      // Server without structured output: fall back to the tolerant parser.
      await response.body?.cancel();
      this.schemaUnsupported = true;
      return this.once(messages, format);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const error = new LlmCallError(`LLM server answered HTTP ${response.status}`, response.status);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) Object.assign(error, { retryAfterMs: Math.min(retryAfter, 30) * 1000 });
      throw error;
    }
    let payload: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { total_tokens?: number } };
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      throw new LlmCallError('LLM server sent a response that is not JSON', 502);
    }
    const content = payload.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmCallError('LLM response has no message content', 502);
    const estimated = Math.ceil((JSON.stringify(messages).length + content.length) / 4);
    return { content, tokens: payload.usage?.total_tokens ?? estimated };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
