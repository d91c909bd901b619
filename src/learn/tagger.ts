import { readFileSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { contentKey, readCompiled } from '../lexicons/compiled.js';
import { dataPath } from '../lexicons/data-files.js';
import { LABELS, type Label } from '../taxonomy.js';
import type { Candidate } from '../types.js';
import { prepareTokens, tagFeatures, tokenFeatures, type Lexicons } from './features.js';
import { AveragedPerceptron, type PerceptronModel } from './perceptron.js';
import { SeededRandom } from './random.js';
import type { LabelledSpan } from './synthetic.js';
import { scanTokens, tokenize, type Token, type TokenBounds } from './tokens.js';
import { buildWeightTable, TaggerScorer, type WeightTable } from './fast-scorer.js';

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
  private perceptron?: AveragedPerceptron;
  /** Token types the scorer caches at most (tests set a small number to exercise the emptying). */
  scorerCacheLimit?: number;

  /** `weights`: the model's feature rows (one weight per tag of TAGS), as the fast scorer reads them. */
  constructor(
    private readonly weights: WeightTable,
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
    return { tagger: new SequenceTagger(tableOfModel(model), lexicons), model };
  }

  /**
   * Reads a model written by save(). The sparse stored rows go straight into the
   * scorer's typed array (no per-feature arrays or maps on the way: start-up time).
   */
  static load(path: string, lexicons: Lexicons): SequenceTagger {
    return new SequenceTagger(weightTableOf(readFileSync(path)), lexicons);
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
  tag(text: string, skip?: TokenSkip): Array<{ token: Token; tag: string; margin: number }> {
    const { bounds, tags, margins } = this.tagIndices(text, skip);
    const out: Array<{ token: Token; tag: string; margin: number }> = [];
    for (let t = 0; t < bounds.count; t++) {
      const start = bounds.starts[t];
      const end = bounds.ends[t];
      out.push({ token: { start, end, text: text.slice(start, end) }, tag: TAGS[tags[t]], margin: margins[t] });
    }
    return out;
  }

  /**
   * The tagging loop: token bounds from the character scanner (tokens.ts: no match
   * object or string per token), tag indices and margins in typed arrays, one reused
   * score buffer, the scores from the fast scorer (fast-scorer.ts: no feature strings,
   * same scores bit for bit).
   */
  private tagIndices(text: string, skip?: TokenSkip): { bounds: TokenBounds; tags: Uint8Array; margins: Float64Array } {
    const bounds = scanTokens(text);
    const { starts, ends, count } = bounds;
    const scorer = (this.scorer ??= new TaggerScorer(this.weights, TAGS, this.lexicons, this.scorerCacheLimit));
    const doc = scorer.prepare(bounds, text);
    const tags = new Uint8Array(count);
    const margins = new Float64Array(count);
    const scores = new Float64Array(TAGS.length);
    const test = typeof skip === 'function' ? skip : undefined;
    const except = skip instanceof LowerCaseSkip ? skip.matcher : undefined;
    let prev = 0;
    let prev2 = 0;
    for (let t = 0; t < count; t++) {
      const start = starts[t];
      const end = ends[t];
      let skipped: boolean;
      if (except) {
        skipped = lowerCaseUnchanged(text.charCodeAt(start)) && !except.matches(text, start, end);
      } else skipped = test !== undefined && test({ start, end, text: text.slice(start, end) });
      if (skipped) {
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
    return { bounds, tags, margins };
  }

  /** The same loop over feature strings (features.ts) and the perceptron's lookups: the reference for the fast scorer's test. */
  tagIndicesPlain(text: string, skip?: TokenSkip): { tokens: Token[]; tags: Uint8Array; margins: Float64Array } {
    const tokens = tokenize(text);
    const test = skip instanceof LowerCaseSkip ? (t: Token) => t.text[0] === t.text[0].toLowerCase() && !skip.except.has(t.text) : skip;
    const prep = prepareTokens(tokens, text, this.lexicons);
    const tags = new Uint8Array(tokens.length);
    const margins = new Float64Array(tokens.length);
    const scores = new Float64Array(TAGS.length);
    let prev = 'O';
    let prev2 = 'O';
    for (let t = 0; t < tokens.length; t++) {
      if (test?.(tokens[t])) {
        prev2 = prev;
        prev = 'O';
        continue;
      }
      // Static features and tag features are scored apart: no per-token array of all features.
      scores.fill(0);
      const model = (this.perceptron ??= AveragedPerceptron.fromModel(modelOfTable(this.weights)));
      model.addScores(model.addScores(scores, prep.fixed(t)), tagFeatures(prep, t, prev, prev2));
      const best = argBest(scores);
      tags[t] = best;
      margins[t] = marginOf(scores, best);
      prev2 = prev;
      prev = TAGS[best];
    }
    return { tokens, tags, margins };
  }

  /** Same as tagIndices, public for the fast scorer's test. */
  tagIndicesFast(text: string, skip?: TokenSkip): { tokens: Token[]; tags: Uint8Array; margins: Float64Array } {
    const { bounds, tags, margins } = this.tagIndices(text, skip);
    const tokens = Array.from(bounds.starts.subarray(0, bounds.count), (start, t) => ({ start, end: bounds.ends[t], text: text.slice(start, bounds.ends[t]) }));
    return { tokens, tags, margins };
  }

  /** Runs of tokens with the same non-O tag become candidates; score grows with the margin. */
  candidates(text: string, labels?: ReadonlySet<Label>, skip?: TokenSkip): Candidate[] {
    const out: Candidate[] = [];
    let open: { start: number; end: number; label: Label; margin: number; n: number } | undefined;
    const close = () => {
      if (open) out.push({ start: open.start, end: open.end, label: open.label, score: Math.min(0.7, 0.3 + open.margin / open.n / 20) });
      open = undefined;
    };
    const { bounds, tags, margins } = this.tagIndices(text, skip);
    const { starts, ends, count } = bounds;
    for (let t = 0; t < count; t++) {
      if (tags[t] === 0) {
        close();
        continue;
      }
      const tag = TAGS[tags[t]];
      const margin = margins[t];
      if (labels && !labels.has(tag as Label)) {
        close();
        continue;
      }
      const start = starts[t];
      // A span never runs across a line break: headers, lists and letterheads put unrelated names on adjacent lines.
      if (open && open.label === tag && !hasLineBreak(text, open.end, start)) {
        open.end = ends[t];
        open.margin += margin;
        open.n++;
      } else {
        close();
        open = { start, end: ends[t], label: tag as Label, margin, n: 1 };
      }
    }
    close();
    return joinHyphenated(text, out);
  }
}

/**
 * Which tokens are tagged O without scoring: a test on the token, or (fast, no
 * string per token) every token whose first UTF-16 unit is unchanged by
 * lower-casing, except the words listed (proper names only: "van", "&").
 */
export type TokenSkip = ((token: Token) => boolean) | LowerCaseSkip;

/** The fast skip: tokens whose first UTF-16 unit is unchanged by lower-casing, except the words of `except`. */
export class LowerCaseSkip {
  readonly matcher: ExceptMatcher;

  constructor(readonly except: ReadonlySet<string>) {
    this.matcher = new ExceptMatcher(except);
  }
}

/** Per UTF-16 unit: 0 not known yet, 1 unchanged by toLowerCase, 2 changed. */
const LOWER_SAME = new Uint8Array(65536);

function lowerCaseUnchanged(unit: number): boolean {
  if (unit < 128) return unit < 65 || unit > 90;
  let k = LOWER_SAME[unit];
  if (k === 0) {
    const ch = String.fromCharCode(unit);
    k = LOWER_SAME[unit] = ch === ch.toLowerCase() ? 1 : 2;
  }
  return k === 1;
}

/** Tells whether text[start, end) is one of a few words, without a substring. */
class ExceptMatcher {
  /** The words by their first UTF-16 unit: a list per ASCII unit, a map for the others. */
  private readonly byAscii: Array<string[] | undefined> = new Array(128);
  private readonly byFirst = new Map<number, string[]>();
  private readonly longest: number;

  constructor(words: ReadonlySet<string>) {
    let longest = 0;
    for (const w of words) {
      if (!w) continue;
      const first = w.charCodeAt(0);
      const list = first < 128 ? this.byAscii[first] : this.byFirst.get(first);
      if (list) list.push(w);
      else if (first < 128) this.byAscii[first] = [w];
      else this.byFirst.set(first, [w]);
      longest = Math.max(longest, w.length);
    }
    this.longest = longest;
  }

  matches(text: string, start: number, end: number): boolean {
    const len = end - start;
    if (len > this.longest) return false;
    const first = text.charCodeAt(start);
    const list = first < 128 ? this.byAscii[first] : this.byFirst.get(first);
    if (!list) return false;
    for (const w of list) {
      if (w.length !== len) continue;
      let k = 1;
      while (k < len && w.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      if (k === len) return true;
    }
    return false;
  }
}

function hasLineBreak(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === 10) return true;
  return false;
}

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

/** "Babatunde" "-" "Cole": same-label neighbours joined by a bare hyphen or apostrophe are one name. */
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

/** The scorer's table of a trained model (features in the model's order). */
function tableOfModel(model: PerceptronModel): WeightTable {
  const features = Object.keys(model.weights);
  return buildWeightTable(features, TAGS.length, (r, row) => {
    const w = model.weights[features[r]];
    for (let k = 0; k < row.length; k++) row[k] = w[k];
  });
}

/** The scorer's table of a stored model, checked: the tags must be this version's, every weight a number. */
function tableOfStored(stored: StoredModel): WeightTable {
  const c = TAGS.length;
  if (!stored || !Array.isArray(stored.classes) || stored.classes.length !== c || stored.classes.some((t, k) => t !== TAGS[k])) {
    throw new Error('tagger model: its tags are not those of this version');
  }
  if (typeof stored.weights !== 'object' || stored.weights === null) throw new Error('tagger model: no weights');
  const features = Object.keys(stored.weights);
  return buildWeightTable(features, c, (r, row) => {
    const pairs = stored.weights[features[r]];
    if (!Array.isArray(pairs)) throw new Error('tagger model: malformed weights');
    for (const pair of pairs) {
      const k = Array.isArray(pair) ? pair[0] : undefined;
      const v = Array.isArray(pair) ? pair[1] : undefined;
      if (!Number.isInteger(k) || k! < 0 || k! >= c || typeof v !== 'number' || !Number.isFinite(v)) throw new Error('tagger model: malformed weights');
      row[k!] = v;
    }
  });
}

/** data/compiled/ file of the bundled model's weight table (see src/lexicons/compiled.ts and scripts/build-compact-data.ts). */
export const TAGGER_FILE = 'tagger.bin';

/**
 * What a compiled table must have been built from: the model file's bytes, this
 * version's tags and the byte order (the arrays are stored as the machine keeps them).
 */
function modelKey(gz: Uint8Array): string {
  return contentKey('tagger', gz, `${TAGS.join(',')}/${endianness()}`);
}

/**
 * The weight table of a model file's bytes (gzipped JSON written by save()): from
 * data/compiled/tagger.bin when it was compiled from these very bytes (any path: the
 * key is the content), else parsed from the JSON — the same table either way.
 */
function weightTableOf(gz: Buffer): WeightTable {
  const body = readCompiled(TAGGER_FILE, modelKey(gz));
  if (body) {
    try {
      return decodeTable(body);
    } catch {
      // A damaged file: parse the model instead (same table, slower).
    }
  }
  return parsedTable(gz);
}

/** The weight table of a model file's bytes, parsed from its JSON (no compiled file; exported for the tests). */
export function parsedTable(gz: Buffer): WeightTable {
  return tableOfStored(JSON.parse(gunzipSync(gz).toString('utf8')) as StoredModel);
}

/** The bundled model's weight table in binary form, for scripts/build-compact-data.ts. */
export function compileTagger(): { source: string; key: string; body: Buffer } {
  const gz = readFileSync(dataPath('model/tagger.json.gz'));
  const table = parsedTable(gz);
  return { source: "data/model/tagger.json.gz (the bundled tagger model) as the scorer's weight table", key: modelKey(gz), body: encodeTable(table) };
}

/**
 * Layout: three uint32 (features, weights, UTF-16 units of the feature names), the
 * name lengths (uint32 each), offsets (int32, features + 1), values (float64), classes
 * (uint8), then the names one after the other (UTF-16LE). Native byte order (in the key).
 */
function encodeTable(table: WeightTable): Buffer {
  const n = table.features.length;
  const m = table.values.length;
  const names = table.features.join('');
  const lengths = Uint32Array.from(table.features, (f) => f.length);
  return Buffer.concat([
    Buffer.from(Uint32Array.of(n, m, names.length).buffer),
    Buffer.from(lengths.buffer),
    Buffer.from(table.offsets.buffer, table.offsets.byteOffset, table.offsets.byteLength),
    Buffer.from(table.values.buffer, table.values.byteOffset, table.values.byteLength),
    Buffer.from(table.classes.buffer, table.classes.byteOffset, table.classes.byteLength),
    Buffer.from(names, 'utf16le'),
  ]);
}

/** A copy of `bytes` bytes at `at` of `body` (aligned, unlike a view into the file's buffer). */
function bytesAt(body: Buffer, at: number, bytes: number): ArrayBuffer {
  if (at + bytes > body.length) throw new Error('tagger table: truncated');
  const out = new ArrayBuffer(bytes);
  new Uint8Array(out).set(body.subarray(at, at + bytes));
  return out;
}

/** The table of compileTagger's body (throws on a damaged one; exported for the tests). */
export function decodeTable(body: Buffer): WeightTable {
  const [n, m, units] = new Uint32Array(bytesAt(body, 0, 12));
  let at = 12;
  const lengths = new Uint32Array(bytesAt(body, at, 4 * n));
  at += 4 * n;
  const offsets = new Int32Array(bytesAt(body, at, 4 * (n + 1)));
  at += 4 * (n + 1);
  const values = new Float64Array(bytesAt(body, at, 8 * m));
  at += 8 * m;
  const classes = new Uint8Array(bytesAt(body, at, m));
  at += m;
  if (at + 2 * units !== body.length || offsets[0] !== 0 || offsets[n] !== m) throw new Error('tagger table: malformed');
  const names = body.toString('utf16le', at, at + 2 * units);
  const features = new Array<string>(n);
  let k = 0;
  for (let r = 0; r < n; r++) {
    if (offsets[r + 1] < offsets[r]) throw new Error('tagger table: malformed');
    features[r] = names.slice(k, k + lengths[r]);
    k += lengths[r];
  }
  if (k !== units) throw new Error('tagger table: malformed');
  for (let j = 0; j < m; j++) if (classes[j] >= TAGS.length || !Number.isFinite(values[j])) throw new Error('tagger table: malformed');
  return { features, offsets, classes, values };
}

/** The perceptron of a table (for the feature-string reference path only). */
function modelOfTable(table: WeightTable): PerceptronModel {
  const c = TAGS.length;
  const weights: Record<string, number[]> = {};
  table.features.forEach((f, r) => {
    const w = new Array<number>(c).fill(0);
    for (let j = table.offsets[r]; j < table.offsets[r + 1]; j++) w[table.classes[j]] = table.values[j];
    weights[f] = w;
  });
  return { classes: TAGS, weights };
}
