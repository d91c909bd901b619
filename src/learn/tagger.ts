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
import { buildWeightTable, decodeScorerTables, encodeScorerTables, scorerTables, TaggerScorer, type PreparedDocument, type ScorerTables, type WeightTable } from './fast-scorer.js';

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
  private table?: WeightTable;
  /** Token types the scorer caches at most (tests set a small number to exercise the emptying). */
  scorerCacheLimit?: number;
  /** Buffers of tagIndices, grown when a document needs more and reused (no allocation per document). */
  private readonly bounds: TokenBounds = { starts: new Int32Array(64), ends: new Int32Array(64), count: 0 };
  private tagBuffer = new Uint8Array(64);
  private marginBuffer = new Float64Array(64);
  private readonly scores = new Float64Array(TAGS.length);

  /**
   * `weights`: the model's feature rows (one weight per tag of TAGS), or a function that
   * gives them (only the feature-string reference path reads them when `tables`, the fast
   * scorer's tables of the same model, are given).
   */
  constructor(
    private readonly weights: WeightTable | (() => WeightTable),
    private readonly lexicons: Lexicons,
    private readonly tables?: ScorerTables,
  ) {}

  private weightTable(): WeightTable {
    return (this.table ??= typeof this.weights === 'function' ? this.weights() : this.weights);
  }

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
   * Reads a model written by save(): the scorer's tables from data/compiled/ when they were
   * compiled from this very file (views of it: start-up time), else built from its JSON on
   * first use. The JSON's weight table itself is parsed only for the feature-string path.
   */
  static load(path: string, lexicons: Lexicons): SequenceTagger {
    const gz = readFileSync(path);
    const tables = compiledTablesOf(gz);
    if (tables) return new SequenceTagger(() => parsedTable(gz), lexicons, tables);
    return new SequenceTagger(parsedTable(gz), lexicons);
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
    // (tagIndices's arrays are reused by the next call: read them here.)
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
   * same scores bit for bit). The arrays returned are the tagger's own, reused by the
   * next call (`count` entries of them are this document's).
   */
  private tagIndices(text: string, skip?: TokenSkip): { bounds: TokenBounds; tags: Uint8Array; margins: Float64Array } {
    // A huge document's buffers are not kept for the small ones after it.
    if (this.bounds.starts.length > 1 << 16 && text.length < 1 << 14) {
      this.bounds.starts = new Int32Array(64);
      this.bounds.ends = new Int32Array(64);
      this.tagBuffer = new Uint8Array(64);
      this.marginBuffer = new Float64Array(64);
    }
    const bounds = scanTokens(text, this.bounds);
    const { starts, ends, count } = bounds;
    if (this.tagBuffer.length < count) {
      this.tagBuffer = new Uint8Array(bounds.starts.length);
      this.marginBuffer = new Float64Array(bounds.starts.length);
    }
    const tags = this.tagBuffer;
    const margins = this.marginBuffer;
    tags.fill(0, 0, count);
    margins.fill(0, 0, count);
    const scores = this.scores;
    const test = typeof skip === 'function' ? skip : undefined;
    const except = skip instanceof LowerCaseSkip ? skip.matcher : undefined;
    // The scorer (and its per-document state) only once a token is scored: a document whose
    // tokens are all skipped costs the scan alone.
    let scorer: TaggerScorer | undefined;
    let doc: PreparedDocument | undefined;
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
      if (!scorer) {
        scorer = this.scorer ??= new TaggerScorer(this.tables ?? scorerTables(this.weightTable(), TAGS), TAGS, this.lexicons, this.scorerCacheLimit);
        doc = scorer.prepare(bounds, text);
      }
      scorer.score(doc!, t, prev, prev2, scores);
      // argBest and marginOf in one pass: marginOf's top is argBest's best (the first of equals).
      let top = 0;
      let second = -1;
      for (let c = 1; c < scores.length; c++) {
        if (scores[c] > scores[top]) {
          second = top;
          top = c;
        } else if (second < 0 || scores[c] > scores[second]) second = c;
      }
      tags[t] = top;
      margins[t] = scores[top] - scores[second];
      prev2 = prev;
      prev = top;
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
      const model = (this.perceptron ??= AveragedPerceptron.fromModel(modelOfTable(this.weightTable())));
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
    return { tokens, tags: tags.slice(0, bounds.count), margins: margins.slice(0, bounds.count) };
  }

  /** Runs of tokens with the same non-O tag become candidates; score grows with the margin. */
  candidates(text: string, labels?: ReadonlySet<Label>, skip?: TokenSkip): Candidate[] {
    const out: Candidate[] = [];
    const { bounds, tags, margins } = this.tagIndices(text, skip);
    const { starts, ends, count } = bounds;
    // The run open (openTag 0: none): its bounds, label, summed margin and token count.
    let openTag = 0;
    let openStart = 0;
    let openEnd = 0;
    let openMargin = 0;
    let openN = 0;
    for (let t = 0; t <= count; t++) {
      const tag = t < count ? tags[t] : 0;
      const keep = tag !== 0 && (!labels || labels.has(TAGS[tag] as Label));
      // A span never runs across a line break: headers, lists and letterheads put unrelated names on adjacent lines.
      if (keep && openTag === tag && !hasLineBreak(text, openEnd, starts[t])) {
        openEnd = ends[t];
        openMargin += margins[t];
        openN++;
        continue;
      }
      if (openTag !== 0) out.push({ start: openStart, end: openEnd, label: TAGS[openTag] as Label, score: Math.min(0.7, 0.3 + openMargin / openN / 20) });
      openTag = keep ? tag : 0;
      if (keep) {
        openStart = starts[t];
        openEnd = ends[t];
        openMargin = margins[t];
        openN = 1;
      }
    }
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
  /** Per ASCII first unit, bit n set when a word of n units (n < 31) starts with it: most tokens are turned down here. */
  private readonly asciiLengths = new Int32Array(128);

  constructor(words: ReadonlySet<string>) {
    let longest = 0;
    for (const w of words) {
      if (!w) continue;
      const first = w.charCodeAt(0);
      const list = first < 128 ? this.byAscii[first] : this.byFirst.get(first);
      if (list) list.push(w);
      else if (first < 128) this.byAscii[first] = [w];
      else this.byFirst.set(first, [w]);
      if (first < 128) this.asciiLengths[first] |= w.length < 31 ? 1 << w.length : 1 << 31;
      longest = Math.max(longest, w.length);
    }
    this.longest = longest;
  }

  matches(text: string, start: number, end: number): boolean {
    const len = end - start;
    if (len > this.longest) return false;
    const first = text.charCodeAt(start);
    if (first < 128 && (this.asciiLengths[first] & (len < 31 ? 1 << len : 1 << 31)) === 0) return false;
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

/** "Babatunde" "-" "Cole": same-label neighbours joined by a bare hyphen or apostrophe are one name (in place: the candidates are the caller's own). */
function joinHyphenated(text: string, candidates: Candidate[]): Candidate[] {
  let n = 0;
  for (const c of candidates) {
    const prev = n > 0 ? candidates[n - 1] : undefined;
    const gap = prev && c.start === prev.end + 1 ? text.charCodeAt(prev.end) : 0;
    if (prev && prev.label === c.label && (gap === 45 || gap === 39 || gap === 0x2019)) {
      prev.end = c.end;
      prev.score = Math.max(prev.score, c.score);
    } else candidates[n++] = c;
  }
  candidates.length = n;
  return candidates;
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
 * What a compiled file must have been built from: the model file's bytes, this version's
 * tags, the scorer's table layout and the byte order (the arrays are stored as the machine
 * keeps them).
 */
function modelKey(gz: Uint8Array): string {
  return contentKey('tagger', gz, `${TAGS.join(',')}/scorer-tables-3/${endianness()}`);
}

/**
 * The fast scorer's tables of a model file's bytes (gzipped JSON written by save()) from
 * data/compiled/tagger.bin, when it was compiled from these very bytes (any path: the key
 * is the content) and is not damaged: views of the file, nothing to build. Undefined
 * otherwise (the caller builds them from the JSON: the same tables, slower).
 */
function compiledTablesOf(gz: Buffer): ScorerTables | undefined {
  const body = readCompiled(TAGGER_FILE, modelKey(gz));
  if (!body) return undefined;
  try {
    return compiledTables(body);
  } catch {
    return undefined;
  }
}

/** The weight table of a model file's bytes, parsed from its JSON (exported for the tests). */
export function parsedTable(gz: Buffer): WeightTable {
  return tableOfStored(JSON.parse(gunzipSync(gz).toString('utf8')) as StoredModel);
}

/** The bundled model as the fast scorer's tables in binary form, for scripts/build-compact-data.ts. */
export function compileTagger(): { source: string; key: string; body: Buffer } {
  const gz = readFileSync(dataPath('model/tagger.json.gz'));
  const tables = scorerTables(parsedTable(gz), TAGS);
  const key = modelKey(gz);
  // Spaces after the source, so that the two header lines (compiled.ts) end on a multiple of 8
  // bytes: the body is then read as views of the file's buffer, not copied first.
  let source = "data/model/tagger.json.gz (the bundled tagger model) as the fast scorer's tables";
  while (Buffer.byteLength(`# source: ${source}\n# key: ${key}\n`) % 8 !== 0) source += ' ';
  return { source, key, body: encodeScorerTables(tables) };
}

/** The tables of compileTagger's body (throws on a damaged one; exported for the tests). */
export function compiledTables(body: Uint8Array): ScorerTables {
  return decodeScorerTables(body, TAGS.length);
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
