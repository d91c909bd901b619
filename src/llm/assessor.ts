import type { Span } from '../types.js';
import { ChatClient, LlmCallError } from './client.js';
import type { LlmConfig } from './config.js';
import { extractJson } from './parse.js';
import { ASSESSMENTS_SCHEMA, assessmentPrompt } from './prompt.js';

/**
 * Method B by LLM (optional second pass): the model judges whether each element
 * could identify someone in a pool of `poolSize` and gives a rough count.
 *
 * Combination with the statistical assessment, per element:
 * - HIGH elements (direct identifiers) keep their verdict: always identifying;
 * - otherwise the element is identifying if either judge says so (the safer
 *   verdict), and the population estimate is the smaller of the two;
 * - the basis records the model's count next to the statistical reason.
 */
export class LlmAssessor {
  private readonly client: ChatClient;

  constructor(private readonly config: LlmConfig) {
    this.client = new ChatClient(config);
  }

  async assess(spans: readonly Span[], poolSize: number): Promise<Span[]> {
    const candidates = [...new Set(spans.filter((s) => s.significance !== 'HIGH').map((s) => s.text))];
    if (candidates.length === 0) return [...spans];
    let answer;
    try {
      answer = await this.client.complete(
        [
          { role: 'system', content: assessmentPrompt(poolSize) },
          { role: 'user', content: JSON.stringify({ elements: candidates }) },
        ],
        ASSESSMENTS_SCHEMA,
      );
    } catch (err) {
      if (err instanceof LlmCallError) throw new LlmCallError(`LLM assessment (--llm-assess) failed: ${err.message}`, err.status);
      throw err;
    }
    const value = extractJson(answer.content) as { assessments?: unknown };
    const list = Array.isArray(value) ? value : value?.assessments;
    const verdicts = new Map<string, { identifying: boolean; population: number }>();
    if (Array.isArray(list)) {
      for (const item of list as Array<Record<string, unknown>>) {
        if (typeof item?.text !== 'string' || typeof item.identifying !== 'boolean') continue;
        const population = typeof item.population === 'number' && item.population >= 1 ? Math.round(item.population) : undefined;
        verdicts.set(item.text.toLowerCase(), { identifying: item.identifying, population: population ?? (item.identifying ? 1 : poolSize) });
      }
    }
    return spans.map((span) => combine(span, verdicts.get(span.text.toLowerCase())));
  }
}

export function combine(span: Span, verdict: { identifying: boolean; population: number } | undefined): Span {
  if (!verdict || span.significance === 'HIGH') return span;
  const population = span.population === undefined ? verdict.population : Math.min(span.population, verdict.population);
  const llmBasis = `LLM: ${verdict.identifying ? 'identifying' : 'not identifying'}, ~${verdict.population.toLocaleString('en-US')}`;
  return {
    ...span,
    identifying: (span.identifying ?? false) || verdict.identifying,
    identifyingInCombination: (span.identifyingInCombination ?? false) || verdict.identifying,
    redact: (span.redact ?? span.identifying ?? false) || verdict.identifying,
    redactReason: span.redact || !verdict.identifying ? span.redactReason : 'identifying according to the LLM assessment',
    population,
    basis: span.basis ? `${span.basis}; ${llmBasis}` : llmBasis,
  };
}
