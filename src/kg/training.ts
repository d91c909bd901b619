import { readFileSync } from 'node:fs';
import { spliceJsonlLoader } from '../eval/loaders/splice-jsonl.js';
import { tagLexicons } from '../learn/lexicons.js';
import { SyntheticCorpus } from '../learn/synthetic.js';
import { SequenceTagger, type TrainingDocument } from '../learn/tagger.js';
import { isSpecLabel } from '../taxonomy.js';

/**
 * Training Splice's token classifier (the averaged-perceptron sequence tagger
 * of src/learn) on labelled documents, for example the distant labels of
 * `splice kg label`. Only the tagger's public API is used: train, save.
 */
export interface TrainOptions {
  epochs: number;
  seed: number;
  /** Also mix in this many of Splice's own synthetic documents (src/learn/synthetic.ts). */
  synthetic?: number;
}

export interface TrainSummary {
  documents: number;
  spans: number;
  characters: number;
  features: number;
  seconds: number;
  bytes: number;
}

/** Labelled documents from a benchmark-format JSONL file ({id, text, spans: [{start, end, label}]}); spans outside the 14 categories are dropped. */
export function loadTrainingDocuments(path: string): TrainingDocument[] {
  const corpus = spliceJsonlLoader.load(readFileSync(path, 'utf8'), {});
  return corpus.documents.map((d) => ({
    text: d.text,
    spans: d.spans.flatMap((s) => (s.label !== null && isSpecLabel(s.label) ? [{ start: s.start, end: s.end, label: s.label }] : [])),
  }));
}

/** Train on `docs` and write the model to `out`. */
export function trainTagger(docs: readonly TrainingDocument[], out: string, options: TrainOptions): TrainSummary {
  const all: TrainingDocument[] = [...docs];
  if (options.synthetic && options.synthetic > 0) all.push(...new SyntheticCorpus(options.seed).documents(options.synthetic));
  if (all.length === 0) throw new Error('no training documents');
  const t0 = performance.now();
  const { model } = SequenceTagger.train(all, tagLexicons(), options.epochs, options.seed);
  const seconds = (performance.now() - t0) / 1000;
  const bytes = SequenceTagger.save(model, out);
  return {
    documents: all.length,
    spans: all.reduce((n, d) => n + d.spans.length, 0),
    characters: all.reduce((n, d) => n + d.text.length, 0),
    features: Object.keys(model.weights).length,
    seconds,
    bytes,
  };
}
