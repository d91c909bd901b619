import { readDataLines } from '../../lexicons/data-files.js';
import { fold, namePools, type NameKind, type PoolPlace } from './pools.js';

/**
 * The small embedding spaces behind neighbour pseudonymisation and origin guesses,
 * built offline from data Splice ships (scripts/build-surrogates.ts):
 *
 *  - names: a name's vector is the normalised mean of the vectors of its character
 *    trigrams ("^ma", "mar", …, "ia$"); trigram vectors come from a truncated SVD
 *    of the PPMI-weighted trigram × (kind, origin, gender) co-occurrence matrix
 *    over the faker locales' names (data/surrogates/name-embedding.tsv, 16 int8
 *    components each). Names close in this space look alike and come from the
 *    same cultures and gender. The file also holds each class's centroid, so a
 *    name the pools lack still gets a likely origin and gender.
 *  - places: a town's vector is its position on the unit sphere plus its log
 *    population (data/surrogates/places.tsv): neighbours are nearby places of
 *    similar size.
 */
export interface NameClass {
  kind: NameKind;
  origin: string;
  gender: string;
  score: number;
}

interface NameSpace {
  dims: number;
  trigrams: Map<string, Float32Array>;
  centroids: Array<{ kind: NameKind; origin: string; gender: string; v: Float32Array }>;
}

let space: NameSpace | undefined;

function decode(b64: string): Float32Array {
  const bytes = Buffer.from(b64, 'base64');
  const v = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) v[i] = (bytes[i] << 24) >> 24; // int8
  return v;
}

function nameSpace(): NameSpace {
  if (space) return space;
  const trigrams = new Map<string, Float32Array>();
  const centroids: NameSpace['centroids'] = [];
  let dims = 0;
  for (const line of readDataLines('surrogates/name-embedding.tsv')) {
    const [key, b64] = line.split('\t');
    const v = decode(b64);
    dims = v.length;
    if (key.startsWith('@')) {
      const [kind, origin, gender] = key.slice(1).split('/');
      centroids.push({ kind: kind as NameKind, origin, gender, v: normalise(v) });
    } else trigrams.set(key, v);
  }
  if (dims === 0) throw new Error('data/surrogates/name-embedding.tsv is empty');
  space = { dims, trigrams, centroids };
  return space;
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/** Unit vector of a name, or undefined when none of its trigrams is known (another script). */
export function nameVector(name: string): Float32Array | undefined {
  const s = nameSpace();
  const key = `^${fold(name)}$`;
  const v = new Float32Array(s.dims);
  let hits = 0;
  for (let i = 0; i + 3 <= key.length; i++) {
    const t = s.trigrams.get(key.slice(i, i + 3));
    if (!t) continue;
    hits++;
    for (let d = 0; d < s.dims; d++) v[d] += t[d];
  }
  return hits === 0 ? undefined : normalise(v);
}

function dot(a: Float32Array, b: Float32Array, offset = 0): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[offset + i];
  return s;
}

/** The (origin, gender) classes of `kind` a name most resembles, best first. */
export function classifyName(name: string, kind: NameKind): NameClass[] {
  const v = nameVector(name);
  if (!v) return [];
  return nameSpace()
    .centroids.filter((c) => c.kind === kind)
    .map((c) => ({ kind, origin: c.origin, gender: c.gender, score: dot(v, c.v) }))
    .sort((a, b) => b.score - a.score);
}

interface Vocabulary {
  words: string[];
  vectors: Float32Array;
}

const vocabularies = new Map<NameKind, Vocabulary>();

/** Every drawable name of a kind (all origins and genders) with its vector. */
function vocabulary(kind: NameKind): Vocabulary {
  let vocab = vocabularies.get(kind);
  if (vocab) return vocab;
  const dims = nameSpace().dims;
  const seen = new Set<string>();
  const words: string[] = [];
  const vecs: Float32Array[] = [];
  for (const [key, list] of namePools().pools) {
    if (!key.startsWith(`${kind}|`)) continue;
    for (const n of list) {
      const k = fold(n);
      if (seen.has(k)) continue;
      const v = nameVector(n);
      if (!v) continue;
      seen.add(k);
      words.push(n);
      vecs.push(v);
    }
  }
  const vectors = new Float32Array(words.length * dims);
  vecs.forEach((v, i) => vectors.set(v, i * dims));
  vocab = { words, vectors };
  vocabularies.set(kind, vocab);
  return vocab;
}

/**
 * The `n` names of `kind` nearest to `name` (cosine), nearest first, leaving out
 * the name itself and any name `reject` refuses. Empty when the name has no vector.
 */
export function nearestNames(name: string, kind: NameKind, n: number, reject: (candidate: string) => boolean = () => false): string[] {
  const v = nameVector(name);
  if (!v) return [];
  const vocab = vocabulary(kind);
  const dims = v.length;
  const self = fold(name);
  const best: Array<{ word: string; score: number }> = [];
  for (let i = 0; i < vocab.words.length; i++) {
    const score = dot(v, vocab.vectors, i * dims);
    if (best.length === n && score <= best[best.length - 1].score) continue;
    const word = vocab.words[i];
    if (fold(word) === self || reject(word)) continue;
    // Insertion into a list of at most n: O(n) per accepted candidate.
    let at = best.length;
    while (at > 0 && best[at - 1].score < score) at--;
    best.splice(at, 0, { word, score });
    if (best.length > n) best.pop();
  }
  return best.map((b) => b.word);
}

/** Unit-sphere position and scaled log population of a place. */
export function placeVector(p: { lat: number; lon: number; population: number }): [number, number, number, number] {
  const la = (p.lat * Math.PI) / 180;
  const lo = (p.lon * Math.PI) / 180;
  return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la), 0.05 * Math.log10(Math.max(1, p.population))];
}

/** The `n` places nearest to `origin` (same space as placeVector), nearest first. */
export function nearestPlaces(origin: { lat: number; lon: number; population: number }, candidates: readonly PoolPlace[], n: number, reject: (p: PoolPlace) => boolean): PoolPlace[] {
  const o = placeVector(origin);
  const scored: Array<{ p: PoolPlace; d: number }> = [];
  for (const p of candidates) {
    if (reject(p)) continue;
    const v = placeVector(p);
    const d = (v[0] - o[0]) ** 2 + (v[1] - o[1]) ** 2 + (v[2] - o[2]) ** 2 + (v[3] - o[3]) ** 2;
    scored.push({ p, d });
  }
  scored.sort((a, b) => a.d - b.d || (a.p.name < b.p.name ? -1 : 1));
  return scored.slice(0, n).map((s) => s.p);
}
