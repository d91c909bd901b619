import { shape, type Token } from './tokens.js';
import type { Lexicons } from './features.js';

/**
 * The tagger's scoring without building feature strings. features.ts describes a
 * token by about twenty strings ("w=maria", "w-1w=dr|maria", …) that the
 * perceptron looks up one by one; building and hashing them was most of the
 * tagger's time. Here every feature weight row lives in one Float64Array, and
 * the rows a token needs are found from small caches: per distinct word (its
 * rows as the word itself, its prefix and suffixes, and as each neighbour), per
 * distinct shape, per shape triple, per word pair (parsed from the model once),
 * per previous tag. The rows are added in exactly the order of
 * features.ts (fixed features, then tag features), so the scores are bit for
 * bit those of the string path (test/learn/fast-scorer.test.ts).
 */
const NONE = -1;

interface WordRows {
  w: number;
  p3: number;
  x3: number;
  x2: number;
  /** Rows of the word as the token before (w-1), after (w+1), two before, two after. */
  m1: number;
  p1: number;
  m2: number;
  p2: number;
  /** Rows of the "w-1w" pairs whose first word is this one, by second word. */
  pairsAfter?: ReadonlyMap<string, number>;
  english: boolean;
  given: boolean;
  family: boolean;
}

interface ShapeRows {
  /** Small number naming the shape in cache keys; -1 for a shape past MAX_SHAPES (not cached). */
  id: number;
  name: string;
  s: number;
  m1: number;
  p1: number;
}

/** Caches that grow with the text are emptied past this many entries. */
const MAX_CACHED = 200_000;
/** Shapes numbered for the triple keys (ids below 2^17: three fit exactly in a double). */
const MAX_SHAPES = 1 << 17;

export class TaggerScorer {
  private readonly rows: Float64Array;
  private readonly rowOf = new Map<string, number>();
  private readonly pairs = new Map<string, Map<string, number>>();
  private readonly words = new Map<string, WordRows>();
  private readonly shapes = new Map<string, ShapeRows>();
  private readonly triples = new Map<number, number>();
  private readonly tagShape = new Map<number, number>();
  private readonly bias: number;
  private readonly start: number;
  private readonly line: number;
  private readonly eng: number;
  private readonly givenEng: number;
  private readonly given: number;
  private readonly familyEng: number;
  private readonly family: number;
  private readonly capUnknown: number;
  private readonly prevTag: Int32Array;
  private readonly prevTags: Int32Array;
  private readonly bos: WordRows;
  private readonly eos: WordRows;
  private readonly edge: ShapeRows;

  constructor(
    weights: ReadonlyMap<string, ArrayLike<number>>,
    private readonly tags: readonly string[],
    private readonly lexicons: Lexicons,
  ) {
    const c = tags.length;
    this.rows = new Float64Array(weights.size * c);
    let r = 0;
    for (const [feature, w] of weights) {
      for (let k = 0; k < c; k++) this.rows[r * c + k] = w[k];
      this.rowOf.set(feature, r);
      // "w-1w=" + first + "|" + second. A token holding "|" is the one-character token "|",
      // so the first word is "|" when the rest starts with "||", else it ends at the first "|".
      if (feature.startsWith('w-1w=')) {
        const rest = feature.slice(5);
        const first = rest.startsWith('||') ? '|' : rest.slice(0, rest.indexOf('|'));
        const second = rest.slice(first.length + 1);
        let after = this.pairs.get(first);
        if (!after) this.pairs.set(first, (after = new Map()));
        after.set(second, r);
      }
      r++;
    }
    const row = (f: string) => this.rowOf.get(f) ?? NONE;
    this.bias = row('b');
    this.start = row('start');
    this.line = row('line');
    this.eng = row('eng');
    this.givenEng = row('given+eng');
    this.given = row('given');
    this.familyEng = row('family+eng');
    this.family = row('family');
    this.capUnknown = row('cap-unknown');
    this.prevTag = Int32Array.from(tags, (t) => row('t-1=' + t));
    this.prevTags = new Int32Array(c * c);
    for (let a = 0; a < c; a++) for (let b = 0; b < c; b++) this.prevTags[a * c + b] = row('t-2t-1=' + tags[a] + '|' + tags[b]);
    this.bos = this.wordRows('<s>');
    this.eos = this.wordRows('</s>');
    this.edge = this.shapeRows('_');
  }

  get classes(): number {
    return this.tags.length;
  }

  /** Rows of a word (lower case), cached. */
  wordRows(lw: string): WordRows {
    let w = this.words.get(lw);
    if (w) return w;
    if (this.words.size >= MAX_CACHED) this.words.clear();
    const row = (f: string) => this.rowOf.get(f) ?? NONE;
    w = {
      w: row('w=' + lw),
      p3: row('p3=' + lw.slice(0, 3)),
      x3: row('x3=' + lw.slice(-3)),
      x2: row('x2=' + lw.slice(-2)),
      m1: row('w-1=' + lw),
      p1: row('w+1=' + lw),
      m2: row('w-2=' + lw),
      p2: row('w+2=' + lw),
      pairsAfter: this.pairs.get(lw),
      english: this.lexicons.english.has(lw),
      given: this.lexicons.givenNames.has(lw),
      family: this.lexicons.familyNames.has(lw),
    };
    this.words.set(lw, w);
    return w;
  }

  shapeRows(s: string): ShapeRows {
    let sh = this.shapes.get(s);
    if (sh) return sh;
    const row = (f: string) => this.rowOf.get(f) ?? NONE;
    const cached = this.shapes.size < MAX_SHAPES;
    sh = { id: cached ? this.shapes.size : -1, name: s, s: row('s=' + s), m1: row('s-1=' + s), p1: row('s+1=' + s) };
    if (cached) this.shapes.set(s, sh);
    return sh;
  }

  private tripleRow(a: ShapeRows, b: ShapeRows, c: ShapeRows): number {
    const uncached = a.id < 0 || b.id < 0 || c.id < 0;
    const key = (a.id * MAX_SHAPES + b.id) * MAX_SHAPES + c.id;
    let r = uncached ? undefined : this.triples.get(key);
    if (r === undefined) {
      r = this.rowOf.get('s-1s+1=' + a.name + '|' + b.name + '|' + c.name) ?? NONE;
      if (!uncached) {
        if (this.triples.size >= MAX_CACHED) this.triples.clear();
        this.triples.set(key, r);
      }
    }
    return r;
  }

  private tagShapeRow(tag: number, s: ShapeRows): number {
    const key = s.id * 256 + tag;
    let r = s.id < 0 ? undefined : this.tagShape.get(key);
    if (r === undefined) {
      r = this.rowOf.get('t-1s=' + this.tags[tag] + '|' + s.name) ?? NONE;
      if (s.id >= 0) this.tagShape.set(key, r);
    }
    return r;
  }

  /** Adds row `r` (NONE: no such feature in the model) to `scores`. */
  private add(scores: Float64Array, r: number): void {
    if (r === NONE) return;
    const rows = this.rows;
    const c = scores.length;
    const at = r * c;
    for (let k = 0; k < c; k++) scores[k] += rows[at + k];
  }

  /**
   * Per-document state: the lower-case form, word rows and shape rows of each token,
   * built on first use (a caller that skips most tokens never pays for them).
   */
  prepare(tokens: readonly Token[], text: string): PreparedDocument {
    return new PreparedDocument(this, tokens, text);
  }

  /** Scores of token i given the tags (indices) of the two tokens before it: features.ts's fixed features, then its tag features. */
  score(doc: PreparedDocument, i: number, prev: number, prev2: number, scores: Float64Array): void {
    scores.fill(0);
    const n = doc.tokens.length;
    const word = doc.word(i);
    const before = i > 0 ? doc.word(i - 1) : this.bos;
    const after = i + 1 < n ? doc.word(i + 1) : this.eos;
    const before2 = i > 1 ? doc.word(i - 2) : this.bos;
    const after2 = i + 2 < n ? doc.word(i + 2) : this.eos;
    const sh = doc.shape(i);
    const shBefore = i > 0 ? doc.shape(i - 1) : this.edge;
    const shAfter = i + 1 < n ? doc.shape(i + 1) : this.edge;
    this.add(scores, this.bias);
    this.add(scores, word.w);
    this.add(scores, sh.s);
    this.add(scores, word.p3);
    this.add(scores, word.x3);
    this.add(scores, word.x2);
    this.add(scores, before.m1);
    this.add(scores, after.p1);
    this.add(scores, before2.m2);
    this.add(scores, after2.p2);
    const pair = before.pairsAfter?.get(doc.lower(i));
    this.add(scores, pair ?? NONE);
    this.add(scores, shBefore.m1);
    this.add(scores, shAfter.p1);
    this.add(scores, this.tripleRow(shBefore, sh, shAfter));
    const tokens = doc.tokens;
    let lineStart = true;
    if (i > 0) {
      lineStart = false;
      const text = doc.text;
      for (let k = tokens[i - 1].end; k < tokens[i].start; k++) {
        if (text.charCodeAt(k) === 10) {
          lineStart = true;
          break;
        }
      }
    }
    const prevText = i > 0 ? tokens[i - 1].text : '';
    if (lineStart || prevText === '.' || prevText === '!' || prevText === '?' || prevText === ':') this.add(scores, this.start);
    if (lineStart) this.add(scores, this.line);
    const known = word.english;
    if (known) this.add(scores, this.eng);
    if (word.given) this.add(scores, known ? this.givenEng : this.given);
    if (word.family) this.add(scores, known ? this.familyEng : this.family);
    const c0 = tokens[i].text.charCodeAt(0);
    if (c0 >= 65 && c0 <= 90 && !known) this.add(scores, this.capUnknown);
    // Tag features.
    this.add(scores, this.prevTag[prev]);
    this.add(scores, this.prevTags[prev2 * this.tags.length + prev]);
    this.add(scores, this.tagShapeRow(prev, sh));
  }
}

export class PreparedDocument {
  private readonly lowers: Array<string | undefined>;
  private readonly wordCache: Array<WordRows | undefined>;
  private readonly shapeCache: Array<ShapeRows | undefined>;

  constructor(
    private readonly scorer: TaggerScorer,
    readonly tokens: readonly Token[],
    readonly text: string,
  ) {
    const n = tokens.length;
    this.lowers = new Array(n);
    this.wordCache = new Array(n);
    this.shapeCache = new Array(n);
  }

  lower(i: number): string {
    return (this.lowers[i] ??= this.tokens[i].text.toLowerCase());
  }

  word(i: number): WordRows {
    return (this.wordCache[i] ??= this.scorer.wordRows(this.lower(i)));
  }

  shape(i: number): ShapeRows {
    return (this.shapeCache[i] ??= this.scorer.shapeRows(shape(this.tokens[i].text)));
  }
}
