import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { LABELS, type Label } from '../taxonomy.js';
import type { Candidate } from '../types.js';
import { prepareTokens, tagFeatures, tokenFeatures, type Lexicons } from './features.js';
import { AveragedPerceptron, type PerceptronModel } from './perceptron.js';
import { SeededRandom } from './random.js';
import type { LabelledSpan } from './synthetic.js';
import { tokenize, type Token } from './tokens.js';
import { TaggerScorer } from './fast-scorer.js';

/**
 * A statistical sequence labeller: one tag per token (O or one of the 14
 * labels), decoded greedily left to right with an averaged perceptron over rich
 * features (features.ts). Trained on distantly labelled synthetic documents
 * (synthetic.ts) by scripts/train-tagger.ts.
 */
export const TAGS = ['O', ...LABELS];

export interface TrainingDocument {
  text: string;
  spans: readonly LabelledSpan[];
}

export class SequenceTagger {
  private scorer?: TaggerScorer;

  constructor(
    private readonly model: AveragedPerceptron,
    private readonly lexicons: Lexicons,
  ) {}

  static train(docs: readonly TrainingDocument[], lexicons: Lexicons, epochs: number, seed: number): { tagger: SequenceTagger; model: PerceptronModel } {
    const perceptron = new AveragedPerceptron(TAGS);
    const order = docs.map((_, i) => i);
    const rng = new SeededRandom(seed);
    const prepared = docs.map((d) => {
      const tokens = tokenize(d.text);
      return { tokens, prep: prepareTokens(tokens, d.text, lexicons), gold: goldTags(d) };
    });
    for (let epoch = 0; epoch < epochs; epoch++) {
      rng.shuffle(order);
      for (const i of order) {
        const { tokens, prep, gold } = prepared[i];
        let prev = 'O';
        let prev2 = 'O';
        for (let t = 0; t < tokens.length; t++) {
          const feats = tokenFeatures(prep, t, prev, prev2);
          const guess = perceptron.predict(feats);
          perceptron.update(feats, gold[t], guess);
          prev2 = prev;
          prev = TAGS[guess];
        }
      }
    }
    const model = perceptron.finish();
    return { tagger: new SequenceTagger(AveragedPerceptron.fromModel(model), lexicons), model };
  }

  static load(path: string, lexicons: Lexicons): SequenceTagger {
    const stored = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as StoredModel;
    return new SequenceTagger(AveragedPerceptron.fromModel(expand(stored)), lexicons);
  }

  /** The stored form of a model (sparse, rounded) as JSON text: what save() compresses. */
  static serialize(model: PerceptronModel): string {
    return JSON.stringify(compact(model));
  }

  static save(model: PerceptronModel, path: string): number {
    const bytes = gzipSync(SequenceTagger.serialize(model), { level: 9 });
    writeFileSync(path, bytes);
    return bytes.length;
  }

  /**
   * Tags of each token, with the margin between the best and second-best class.
   * `skip` marks tokens that are tagged O without scoring (a caller that only
   * wants proper names skips lower-case words: several times faster).
   */
  tag(text: string, skip?: (token: Token) => boolean): Array<{ token: Token; tag: string; margin: number }> {
    const { tokens, tags, margins } = this.tagIndices(text, skip);
    return tokens.map((token, t) => ({ token, tag: TAGS[tags[t]], margin: margins[t] }));
  }

  /**
   * The tagging loop: tag indices and margins in typed arrays, one reused score buffer, the
   * scores from the fast scorer (fast-scorer.ts: no feature strings, same scores bit for bit).
   */
  private tagIndices(text: string, skip?: (token: Token) => boolean): { tokens: Token[]; tags: Uint8Array; margins: Float64Array } {
    const tokens = tokenize(text);
    const scorer = (this.scorer ??= new TaggerScorer(this.model.weightRows, TAGS, this.lexicons));
    const doc = scorer.prepare(tokens, text);
    const tags = new Uint8Array(tokens.length);
    const margins = new Float64Array(tokens.length);
    const scores = new Float64Array(TAGS.length);
    let prev = 0;
    let prev2 = 0;
    for (let t = 0; t < tokens.length; t++) {
      if (skip?.(tokens[t])) {
        prev2 = prev;
        prev = 0;
        continue;
      }
      scorer.score(doc, t, prev, prev2, scores);
      const best = argBest(scores);
      tags[t] = best;
      margins[t] = marginOf(scores, best);
      prev2 = prev;
      prev = best;
    }
    return { tokens, tags, margins };
  }

  /** The same loop over feature strings (features.ts) and the perceptron's lookups: the reference for the fast scorer's test. */
  tagIndicesPlain(text: string, skip?: (token: Token) => boolean): { tokens: Token[]; tags: Uint8Array; margins: Float64Array } {
    const tokens = tokenize(text);
    const prep = prepareTokens(tokens, text, this.lexicons);
    const tags = new Uint8Array(tokens.length);
    const margins = new Float64Array(tokens.length);
    const scores = new Float64Array(TAGS.length);
    let prev = 'O';
    let prev2 = 'O';
    for (let t = 0; t < tokens.length; t++) {
      if (skip?.(tokens[t])) {
        prev2 = prev;
        prev = 'O';
        continue;
      }
      // Static features and tag features are scored apart: no per-token array of all features.
      scores.fill(0);
      this.model.addScores(this.model.addScores(scores, prep.fixed(t)), tagFeatures(prep, t, prev, prev2));
      const best = argBest(scores);
      tags[t] = best;
      margins[t] = marginOf(scores, best);
      prev2 = prev;
      prev = TAGS[best];
    }
    return { tokens, tags, margins };
  }

  /** Same as tagIndices, public for the fast scorer's test. */
  tagIndicesFast(text: string, skip?: (token: Token) => boolean): { tokens: Token[]; tags: Uint8Array; margins: Float64Array } {
    return this.tagIndices(text, skip);
  }

  /** Runs of tokens with the same non-O tag become candidates; score grows with the margin. */
  candidates(text: string, labels?: ReadonlySet<Label>, skip?: (token: Token) => boolean): Candidate[] {
    const out: Candidate[] = [];
    let open: { start: number; end: number; label: Label; margin: number; n: number } | undefined;
    const close = () => {
      if (open) out.push({ start: open.start, end: open.end, label: open.label, score: Math.min(0.7, 0.3 + open.margin / open.n / 20) });
      open = undefined;
    };
    const { tokens, tags, margins } = this.tagIndices(text, skip);
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      const tag = TAGS[tags[t]];
      const margin = margins[t];
      if (tag === 'O' || (labels && !labels.has(tag as Label))) {
        close();
        continue;
      }
      // A span never runs across a line break: headers, lists and letterheads put unrelated names on adjacent lines.
      if (open && open.label === tag && !text.slice(open.end, token.start).includes('\n')) {
        open.end = token.end;
        open.margin += margin;
        open.n++;
      } else {
        close();
        open = { start: token.start, end: token.end, label: tag as Label, margin, n: 1 };
      }
    }
    close();
    return joinHyphenated(text, out);
  }
}

/** "Babatunde" "-" "Cole": same-label neighbours joined by a bare hyphen or apostrophe are one name. */
/** Index of the best class (the first of equals). */
function argBest(scores: Float64Array): number {
  let best = 0;
  for (let c = 1; c < scores.length; c++) if (scores[c] > scores[best]) best = c;
  return best;
}

/** Best score minus the second best (the runner-up as the original loop chose it). */
function marginOf(scores: Float64Array, best: number): number {
  let second = -1;
  let top = 0;
  for (let c = 1; c < scores.length; c++) {
    if (scores[c] > scores[top]) {
      second = top;
      top = c;
    } else if (second < 0 || scores[c] > scores[second]) second = c;
  }
  return scores[best] - scores[second];
}

function joinHyphenated(text: string, candidates: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) {
    const prev = out[out.length - 1];
    const gap = prev ? text.slice(prev.end, c.start) : '';
    if (prev && prev.label === c.label && (gap === '-' || gap === "'" || gap === '’')) {
      prev.end = c.end;
      prev.score = Math.max(prev.score, c.score);
    } else out.push({ ...c });
  }
  return out;
}

function goldTags(doc: TrainingDocument): number[] {
  const tokens = tokenize(doc.text);
  const tags = new Array<number>(tokens.length).fill(0);
  let s = 0;
  const spans = [...doc.spans].sort((a, b) => a.start - b.start);
  tokens.forEach((tok, i) => {
    while (s < spans.length && spans[s].end <= tok.start) s++;
    const span = spans[s];
    if (span && span.start <= tok.start && tok.start < span.end) tags[i] = TAGS.indexOf(span.label);
  });
  return tags;
}

/** Sparse storage: feature → [[class, weight], …] with weights rounded to 2 decimals. */
interface StoredModel {
  classes: string[];
  weights: Record<string, Array<[number, number]>>;
}

function compact(model: PerceptronModel): StoredModel {
  const weights: StoredModel['weights'] = {};
  for (const [f, w] of Object.entries(model.weights)) {
    const pairs: Array<[number, number]> = [];
    w.forEach((v, c) => {
      const r = Math.round(v * 100) / 100;
      if (r !== 0) pairs.push([c, r]);
    });
    if (pairs.length) weights[f] = pairs;
  }
  return { classes: model.classes, weights };
}

function expand(stored: StoredModel): PerceptronModel {
  const weights: Record<string, number[]> = {};
  for (const [f, pairs] of Object.entries(stored.weights)) {
    const w = new Array<number>(stored.classes.length).fill(0);
    for (const [c, v] of pairs) w[c] = v;
    weights[f] = w;
  }
  return { classes: stored.classes, weights };
}
