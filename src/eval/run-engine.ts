import { Pipeline, type PipelineOptions } from '../pipeline.js';
import type { GoldCorpus, Predictions } from './types.js';

/** What the engine run cost: wall time, text size and, with --llm, the model's requests. */
export interface EngineRunStats {
  documents: number;
  /** UTF-8 bytes of the gold texts. */
  bytes: number;
  wallMs: number;
  /** Present when the LLM detector was enabled. */
  llm?: { requests: number; cacheHits: number; tokens: number; notFound: number };
}

/** The engine failed on one gold document (the run stops: a partial run would score as misses). */
export class EngineRunError extends Error {
  constructor(
    readonly documentId: string,
    override readonly cause: unknown,
  ) {
    super(`the engine failed on document ${documentId}`);
    this.name = 'EngineRunError';
  }
}

/**
 * Runs the Splice engine on every gold text: the predictions `splice eval`
 * scores without --pred. Every engine option is honoured, the LLM detector
 * (`options.llm`) included, so `splice eval --llm` measures what the model adds.
 */
export async function runEngine(corpus: GoldCorpus, options: PipelineOptions = {}): Promise<Predictions> {
  return (await runEngineTimed(corpus, options)).predictions;
}

export async function runEngineTimed(corpus: GoldCorpus, options: PipelineOptions = {}): Promise<{ predictions: Predictions; stats: EngineRunStats }> {
  const started = performance.now();
  const pipeline = new Pipeline(options);
  const predictions: Predictions = new Map();
  let bytes = 0;
  for (const doc of corpus.documents) {
    bytes += Buffer.byteLength(doc.text, 'utf8');
    let spans;
    try {
      ({ spans } = await pipeline.detect(doc.text, doc.id));
    } catch (err) {
      throw new EngineRunError(doc.id, err);
    }
    predictions.set(
      doc.id,
      spans.map((s) => ({ start: s.start, end: s.end, label: s.label, score: s.score })),
    );
  }
  const stats: EngineRunStats = { documents: corpus.documents.length, bytes, wallMs: performance.now() - started };
  const llm = pipeline.llmRecognizer?.stats;
  if (llm) stats.llm = { requests: llm.calls, cacheHits: llm.cacheHits, tokens: llm.tokens, notFound: llm.notFound };
  return { predictions, stats };
}
