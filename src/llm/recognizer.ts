import pLimit from 'p-limit';
import { LABELS } from '../taxonomy.js';
import type { Candidate } from '../types.js';
import type { DetectionContext } from '../detect/context.js';
import type { Recognizer } from '../detect/recognizer.js';
import { allOccurrences, alignOne } from './align.js';
import { LlmCache, type CachedElement } from './cache.js';
import { chunkText, type Chunk } from './chunker.js';
import { ChatClient, LlmCallError } from './client.js';
import type { LlmConfig } from './config.js';
import { LlmParseError, parseElements, type LlmElement } from './parse.js';
import { ELEMENTS_SCHEMA, PROMPT_VERSION, systemPrompt, userPrompt } from './prompt.js';

/** Counters a caller can read after a run (for reports and tests). */
export interface LlmStats {
  calls: number;
  cacheHits: number;
  tokens: number;
  elements: number;
  /** Strings the model returned that are not in the text. */
  notFound: number;
  aligned: { exact: number; loose: number; fuzzy: number };
  /** Documents whose LLM pass failed and were processed without it (degrade mode). */
  degraded: number;
}

const LLM_SCORE = 0.8;

/**
 * The LLM detector (the specification's method A): asks an OpenAI-compatible
 * server for the PII of each chunk, aligns every returned string to offsets in
 * the original, and labels every occurrence of each confirmed string.
 */
export class LlmRecognizer implements Recognizer {
  readonly name = 'llm';
  readonly labels = LABELS;
  readonly stats: LlmStats = { calls: 0, cacheHits: 0, tokens: 0, elements: 0, notFound: 0, aligned: { exact: 0, loose: 0, fuzzy: 0 }, degraded: 0 };
  private readonly client: ChatClient;
  private readonly cache?: LlmCache;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly system = systemPrompt();

  constructor(
    private readonly config: LlmConfig,
    private readonly warn: (message: string) => void = (m) => process.stderr.write(`warning: ${m}\n`),
  ) {
    this.client = new ChatClient(config);
    this.cache = config.cacheDir ? new LlmCache(config.cacheDir) : undefined;
    this.limit = pLimit(config.concurrency);
  }

  async detect(ctx: DetectionContext): Promise<Candidate[]> {
    try {
      return await this.detectAll(ctx.text);
    } catch (err) {
      if (this.config.onError === 'fail') throw err;
      this.stats.degraded++;
      this.warn(`LLM detector failed for document ${ctx.documentId ?? '(unnamed)'} (${(err as Error).message}); continuing with the other detectors`);
      return [];
    }
  }

  private async detectAll(text: string): Promise<Candidate[]> {
    const chunks = chunkText(text, this.config.chunkChars, this.config.overlapChars);
    const estimate = chunks.reduce((sum, c) => sum + Math.ceil((this.system.length + c.text.length) / 4) * 2, 0);
    if (estimate > this.config.maxTokensPerDocument) {
      throw new LlmCallError(`document needs about ${estimate} tokens, over the per-document budget of ${this.config.maxTokensPerDocument} (raise --llm-max-tokens)`);
    }
    const perChunk = await Promise.all(chunks.map((chunk) => this.limit(() => this.elementsOf(chunk))));
    // Confirmed strings, de-duplicated across overlapping chunks, then every occurrence labelled.
    const confirmed = new Map<string, CachedElement & { value: string }>();
    perChunk.forEach((elements, i) => {
      for (const e of elements) {
        const start = chunks[i].start + e.start;
        const end = chunks[i].start + e.end;
        const value = text.slice(start, end);
        const key = `${e.label}\u0000${value.toLowerCase().replace(/\s+/g, ' ')}`;
        if (!confirmed.has(key)) confirmed.set(key, { start, end, label: e.label, value });
      }
    });
    const seen = new Set<string>();
    const out: Candidate[] = [];
    for (const { label, value } of confirmed.values()) {
      for (const occ of allOccurrences(text, value)) {
        const k = `${occ.start}:${occ.end}:${label}`;
        if (seen.has(k)) continue;
        seen.add(k);
        out.push({ start: occ.start, end: occ.end, label, score: LLM_SCORE, source: this.name });
      }
    }
    return out;
  }

  /** The elements of one chunk, as offsets relative to the chunk (from the cache or the model). */
  private async elementsOf(chunk: Chunk): Promise<CachedElement[]> {
    const key = this.cache ? LlmCache.key(this.config.model, PROMPT_VERSION, chunk.text) : '';
    const cached = this.cache?.get(key);
    if (cached) {
      this.stats.cacheHits++;
      return cached;
    }
    const elements = await this.askModel(chunk.text);
    const located: CachedElement[] = [];
    for (const element of elements) {
      this.stats.elements++;
      const at = alignOne(chunk.text, element.text);
      if (!at) {
        this.stats.notFound++;
        continue;
      }
      this.stats.aligned[at.method]++;
      located.push({ start: at.start, end: at.end, label: element.label });
    }
    this.cache?.set(key, located);
    return located;
  }

  /** One chunk's answer; a malformed answer is asked again, up to the retry limit. */
  private async askModel(chunkText: string): Promise<LlmElement[]> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.client.complete(
        [
          { role: 'system', content: this.system },
          { role: 'user', content: userPrompt(chunkText) },
        ],
        ELEMENTS_SCHEMA,
      );
      this.stats.calls++;
      this.stats.tokens += answer.tokens;
      try {
        return parseElements(answer.content).elements;
      } catch (err) {
        if (!(err instanceof LlmParseError) || attempt >= this.config.retries) throw err;
      }
    }
  }
}
