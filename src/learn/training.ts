import { tagLexicons } from './lexicons.js';
import { SyntheticCorpus, type SyntheticDocument } from './synthetic.js';
import { SequenceTagger } from './tagger.js';
import type { PerceptronModel } from './perceptron.js';

/**
 * The settings of the committed model data/model/tagger.json.gz. Training is a
 * pure function of these numbers, the files under data/synthetic/ and the
 * locked npm packages: no clock, time zone, locale data or Math.random is
 * involved, so `node --import tsx scripts/train-tagger.ts` reproduces the
 * committed file exactly (test/learn/reproducible.test.ts checks it).
 */
export const COMMITTED_TRAINING = { docs: 4000, epochs: 6, seed: 20261122 } as const;

export interface TrainingSettings {
  docs: number;
  epochs: number;
  seed: number;
}

export function trainOnSynthetic(settings: TrainingSettings): { model: PerceptronModel; docs: SyntheticDocument[] } {
  const docs = [...new SyntheticCorpus(settings.seed).documents(settings.docs)];
  const { model } = SequenceTagger.train(docs, tagLexicons(), settings.epochs, settings.seed);
  return { model, docs };
}
