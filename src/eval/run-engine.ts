import { Pipeline, type PipelineOptions } from '../pipeline.js';
import type { GoldCorpus, Predictions } from './types.js';

/** Runs the Splice engine on every gold text: the predictions `splice eval` scores without --pred. */
export async function runEngine(corpus: GoldCorpus, options: PipelineOptions = {}): Promise<Predictions> {
  const pipeline = new Pipeline(options);
  const predictions: Predictions = new Map();
  for (const doc of corpus.documents) {
    const { spans } = await pipeline.detect(doc.text);
    predictions.set(
      doc.id,
      spans.map((s) => ({ start: s.start, end: s.end, label: s.label, score: s.score })),
    );
  }
  return predictions;
}
