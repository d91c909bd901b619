import { existsSync } from 'node:fs';
import { LABELS as TAGGER_LABELS, type Label } from '../../../taxonomy.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { dataPath } from '../../../lexicons/data-files.js';
import { tagLexicons } from '../../../learn/lexicons.js';
import { SequenceTagger } from '../../../learn/tagger.js';

/**
 * The statistical sequence labeller as a recognizer. It fills gaps the rules
 * leave (names and places of unseen shapes, employers, free-form job titles);
 * its candidates carry low scores so that rule-based spans win overlaps.
 * Labels it emits, per profile: the recall profile takes every label the
 * model knows; balanced and precision only the ones where it is reliable.
 */
const BALANCED_LABELS: readonly Label[] = [];

let tagger: SequenceTagger | undefined;

function loadTagger(): SequenceTagger {
  if (!tagger) {
    const path = dataPath('model/tagger.json.gz');
    if (!existsSync(path)) throw new Error('statistical tagger model missing: run `node --import tsx scripts/train-tagger.ts`');
    tagger = SequenceTagger.load(path, tagLexicons());
  }
  return tagger;
}

export function statisticalRecognizers(options: RecognizerOptions): Recognizer[] {
  if (options.profile === 'precision' || (options.profile === 'balanced' && BALANCED_LABELS.length === 0)) return [];
  const labels = options.profile === 'recall' ? undefined : new Set<Label>(BALANCED_LABELS);
  return [
    {
      name: 'tagger',
      labels: labels ? [...labels] : TAGGER_LABELS,
      detect: (ctx) => loadTagger().candidates(ctx.text, labels),
    },
  ];
}
