import { readFile } from 'node:fs/promises';
import type { Profile } from './profiles.js';
import type { DocScorer, ReIdentifier } from './scorer.js';
import { STOPWORDS, normalizeWord, valueTokens, type TextView } from './text.js';

/**
 * The dense re-identifier: an ONNX model from a local path embeds the text
 * and every profile; profiles are ranked by cosine similarity.
 *
 * Model contract: one int64 input `[batch, seq]` of word ids (a second input,
 * if any, is fed ones as an attention mask); the first output is the pooled
 * embedding `[batch, dim]` (or `[batch, seq, dim]`, then mean-pooled here).
 * Word ids: the line number (0-based, comments excluded) of the normalised word in a vocabulary
 * file when one is given, else an FNV-1a hash of it modulo `buckets`.
 * Function words are not fed to the model.
 *
 * Scoring a text runs the model on its words. For greedy masking the scorer
 * also keeps a linear estimate (the embedding as a sum of the embeddings of its
 * words, each word run alone), exact for an embedding-bag model (detected at
 * load: then no rerun is needed); for any other model `refresh()` re-runs it on
 * the words left, and kanon.ts checks with it before it stops. Inference runs on onnxruntime-node's CPU binding (shipped in its npm
 * package), one thread.
 */
export interface DenseOptions {
  /** Path of the .onnx file. */
  model: string;
  /** Vocabulary file: one word per line, id = line index. */
  vocab?: string;
  /** Hash buckets when there is no vocabulary (default 4096; must not exceed the model's table). */
  buckets?: number;
}

interface OrtTensor {
  data: unknown;
  dims: readonly number[];
}
interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
}
interface OrtModule {
  InferenceSession: { create(model: Uint8Array, options?: object): Promise<OrtSession> };
  Tensor: new (type: string, data: BigInt64Array, dims: number[]) => OrtTensor;
}

export class DenseModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DenseModelError';
  }
}

async function loadRuntime(): Promise<OrtModule> {
  try {
    const mod = (await import('onnxruntime-node')) as unknown as OrtModule & { default?: OrtModule };
    return mod.InferenceSession ? mod : mod.default!;
  } catch {
    throw new DenseModelError('the dense re-identifier needs onnxruntime-node (npm install onnxruntime-node), whose CPU binding could not be loaded');
  }
}

function fnv1a(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An ONNX text encoder with the word-id mapping above. */
export class DenseEncoder {
  private readonly cache = new Map<number, Float32Array>();
  dim = 0;

  private constructor(
    private readonly ort: OrtModule,
    private readonly session: OrtSession,
    private readonly vocab: Map<string, number> | undefined,
    private readonly buckets: number,
  ) {}

  static async load(options: DenseOptions): Promise<DenseEncoder> {
    const ort = await loadRuntime();
    let bytes: Buffer;
    try {
      bytes = await readFile(options.model);
    } catch {
      throw new DenseModelError(`${options.model}: cannot read the model file`);
    }
    let session: OrtSession;
    try {
      session = await ort.InferenceSession.create(new Uint8Array(bytes), { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 4 });
    } catch (err) {
      throw new DenseModelError(`${options.model}: not a model onnxruntime can load (${err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'unknown error'})`);
    }
    let vocab: Map<string, number> | undefined;
    if (options.vocab) {
      let text: string;
      try {
        text = await readFile(options.vocab, 'utf8');
      } catch {
        throw new DenseModelError(`${options.vocab}: cannot read the vocabulary file`);
      }
      vocab = new Map();
      let id = 0;
      for (const line of text.split('\n')) {
        const word = line.replace(/\r$/, '');
        if (word.startsWith('#')) continue;
        const norm = normalizeWord(word.trim());
        if (norm && !vocab.has(norm)) vocab.set(norm, id);
        id++;
      }
    }
    const buckets = options.buckets ?? 4096;
    if (!Number.isInteger(buckets) || buckets < 1) throw new DenseModelError('buckets must be a positive integer');
    const encoder = new DenseEncoder(ort, session, vocab, buckets);
    encoder.dim = (await encoder.embed([0])).length;
    encoder.linear = await encoder.checkLinear(vocab ? vocab.size : buckets);
    return encoder;
  }

  /**
   * True when the model is a mean-pooled bag of words: the embedding of a
   * sequence is the mean of its words' embeddings (checked on a few sequences
   * of the first ids). Then the incremental estimate is exact and no rerun is needed.
   */
  linear = false;

  private async checkLinear(ids: number): Promise<boolean> {
    const n = Math.min(ids, 7);
    if (n < 2) return false;
    for (const seq of [[0, 1], [1, n - 1, 0], [n - 1, n - 2, 1, 1]]) {
      const whole = await this.embed(seq);
      const parts = await Promise.all(seq.map((id) => this.embed([id])));
      for (let d = 0; d < this.dim; d++) {
        const mean = parts.reduce((a, v) => a + v[d], 0) / seq.length;
        if (Math.abs(whole[d] - mean) > 1e-5 * Math.max(1, Math.abs(mean))) return false;
      }
    }
    return true;
  }

  /** The word id of a normalised word, or undefined (function word, or not in the vocabulary). */
  idOf(norm: string): number | undefined {
    if (STOPWORDS.has(norm)) return undefined;
    if (this.vocab) return this.vocab.get(norm);
    return fnv1a(norm) % this.buckets;
  }

  /** The model's embedding of a sequence of word ids (zeros for an empty one). */
  async embed(ids: readonly number[]): Promise<Float32Array> {
    if (ids.length === 0) return new Float32Array(this.dim);
    const feeds: Record<string, OrtTensor> = {};
    const input = new this.ort.Tensor('int64', BigInt64Array.from(ids, (i) => BigInt(i)), [1, ids.length]);
    feeds[this.session.inputNames[0]] = input;
    for (const name of this.session.inputNames.slice(1)) feeds[name] = new this.ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]);
    let out: OrtTensor;
    try {
      out = (await this.session.run(feeds))[this.session.outputNames[0]];
    } catch (err) {
      throw new DenseModelError(`the dense model failed (${err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'unknown error'}); are the word ids within its table (--dense-buckets)?`);
    }
    const data = out.data as Float32Array;
    const dims = out.dims;
    if (dims.length === 3) {
      const [, seq, dim] = dims;
      const pooled = new Float32Array(dim);
      for (let s = 0; s < seq; s++) for (let d = 0; d < dim; d++) pooled[d] += data[s * dim + d] / seq;
      return pooled;
    }
    const dim = dims[dims.length - 1];
    return Float32Array.from(data.subarray(0, dim));
  }

  /** The embedding of one word alone (cached): the linear estimate's building block. */
  async wordVector(id: number): Promise<Float32Array> {
    let v = this.cache.get(id);
    if (!v) {
      v = await this.embed([id]);
      this.cache.set(id, v);
    }
    return v;
  }
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return n > 0 ? v.map((x) => x / n) : v;
}

export class DenseReIdentifier implements ReIdentifier {
  readonly name = 'dense';

  private constructor(
    readonly encoder: DenseEncoder,
    /** Unit profile embeddings, row-major size × dim. */
    private readonly matrix: Float32Array,
    readonly size: number,
  ) {}

  static async load(profiles: readonly Profile[], options: DenseOptions): Promise<DenseReIdentifier> {
    const encoder = await DenseEncoder.load(options);
    const dim = encoder.dim;
    const matrix = new Float32Array(profiles.length * dim);
    for (let p = 0; p < profiles.length; p++) {
      const ids: number[] = [];
      for (const values of Object.values(profiles[p].attributes)) {
        for (const v of values) {
          for (const t of valueTokens(v)) {
            const id = encoder.idOf(t.norm);
            if (id !== undefined) ids.push(id);
          }
        }
      }
      matrix.set(unit(await encoder.embed(ids)), p * dim);
    }
    return new DenseReIdentifier(encoder, matrix, profiles.length);
  }

  /** matrix · v for every profile. */
  project(v: Float32Array | Float64Array, out: Float64Array = new Float64Array(this.size)): Float64Array {
    const dim = this.encoder.dim;
    for (let p = 0; p < this.size; p++) {
      let s = 0;
      const base = p * dim;
      for (let d = 0; d < dim; d++) s += this.matrix[base + d] * v[d];
      out[p] = s;
    }
    return out;
  }

  dot(p: number, v: Float32Array | Float64Array): number {
    const dim = this.encoder.dim;
    let s = 0;
    for (let d = 0; d < dim; d++) s += this.matrix[p * dim + d] * v[d];
    return s;
  }

  async open(view: TextView): Promise<DocScorer> {
    const ids = view.tokens.map((t) => this.encoder.idOf(t.norm) ?? -1);
    const vectors = new Map<number, Float32Array>();
    for (const id of ids) if (id >= 0 && !vectors.has(id)) vectors.set(id, await this.encoder.wordVector(id));
    const scorer = new DenseScorer(this, ids, vectors, new Uint8Array(ids.length).fill(1), new Float64Array(this.encoder.dim), new Float64Array(this.size));
    await scorer.exact();
    return scorer;
  }
}

class DenseScorer implements DocScorer {
  /** Only for models that are not bags of words: for a bag the incremental scores are exact already. */
  readonly refresh?: () => Promise<void>;

  constructor(
    private readonly model: DenseReIdentifier,
    private readonly ids: readonly number[],
    private readonly vectors: ReadonlyMap<number, Float32Array>,
    private readonly alive: Uint8Array,
    /** The document embedding on the scale of a sum over its words. */
    private readonly sum: Float64Array,
    readonly scores: Float64Array,
  ) {
    if (!model.encoder.linear) this.refresh = () => this.exact();
  }

  private removed(tokens: readonly number[]): Float64Array {
    const delta = new Float64Array(this.sum.length);
    const seen = new Set<number>();
    for (const t of tokens) {
      if (seen.has(t) || !this.alive[t] || this.ids[t] < 0) continue;
      seen.add(t);
      const v = this.vectors.get(this.ids[t])!;
      for (let d = 0; d < delta.length; d++) delta[d] += v[d];
    }
    return delta;
  }

  drops(tokens: readonly number[], profiles: readonly number[]): Float64Array {
    const delta = this.removed(tokens);
    return Float64Array.from(profiles, (p) => this.model.dot(p, delta));
  }

  mask(tokens: readonly number[]): void {
    if (!tokens.some((t) => this.alive[t] && this.ids[t] >= 0)) {
      for (const t of tokens) this.alive[t] = 0;
      return;
    }
    const delta = this.removed(tokens);
    for (const t of tokens) this.alive[t] = 0;
    for (let d = 0; d < delta.length; d++) this.sum[d] -= delta[d];
    this.model.project(this.sum, this.scores);
  }

  clone(): DocScorer {
    return new DenseScorer(this.model, this.ids, this.vectors, this.alive.slice(), this.sum.slice(), this.scores.slice());
  }

  /** Rerun the model on the words still unmasked and recompute every score. */
  async exact(): Promise<void> {
    const live: number[] = [];
    this.ids.forEach((id, t) => {
      if (id >= 0 && this.alive[t]) live.push(id);
    });
    const e = await this.model.encoder.embed(live);
    // Pooled (mean) embedding back on the scale of a sum, so later linear updates stay consistent.
    for (let d = 0; d < this.sum.length; d++) this.sum[d] = e[d] * live.length;
    this.model.project(this.sum, this.scores);
  }
}
