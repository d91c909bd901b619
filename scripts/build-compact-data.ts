import { writeCompiled } from '../src/lexicons/compiled.js';
import { compileEnglishWords, ENGLISH_WORDS_FILE } from '../src/lexicons/english-words.js';
import { compileCities, GAZETTEER_FILE } from '../src/lexicons/gazetteer.js';
import { compileVocabulary, VOCABULARY_FILE } from '../src/detect/recall/vocabulary.js';
import { compileTagger, TAGGER_FILE } from '../src/learn/tagger.js';
import { compileTaggerNames, TAGGER_NAMES_FILE } from '../src/learn/lexicons.js';
import { compilePlaces, PLACES_FILE } from '../src/assess/place-data.js';
import { compileLexiconKeys } from '../src/lexicons/word-lists.js';
import { compileNameFlags, NAME_FLAGS_FILE } from '../src/lexicons/names.js';
import { compileNameFilter, NAME_FILTER_FILE } from '../src/detect/recognizers/names/classify.js';
import { compilePlaceFilter, PLACE_FILTER_FILE } from '../src/lexicons/place-filter.js';
import { compileLexicalMedical, LEXICAL_MEDICAL_FILE } from '../src/detect/recognizers/medical/lexical-medical.js';

/**
 * Compiles the large npm word lists and the GeoNames cities into the compact
 * indexes of data/compiled/ (see src/lexicons/compiled.ts), so that `splice`
 * and each of its worker threads load them in milliseconds. Run by
 * `npm run build` and `prepare` (so `npm ci` on a fresh clone makes them);
 * without them the same indexes are compiled in-process at first use.
 *
 *   node dist/scripts/build-compact-data.js
 */
const outputs: Array<[string, () => { source: string; key: string; body: string | Uint8Array }]> = [
  [ENGLISH_WORDS_FILE, compileEnglishWords],
  [VOCABULARY_FILE, compileVocabulary],
  [GAZETTEER_FILE, compileCities],
  [TAGGER_FILE, compileTagger],
  [TAGGER_NAMES_FILE, compileTaggerNames],
  [PLACES_FILE, compilePlaces],
  [NAME_FLAGS_FILE, compileNameFlags],
  [NAME_FILTER_FILE, compileNameFilter],
  [PLACE_FILTER_FILE, compilePlaceFilter],
  [LEXICAL_MEDICAL_FILE, compileLexicalMedical],
];

for (const [file, compile] of outputs) {
  const { source, key, body } = compile();
  writeCompiled(file, source, key, body);
  process.stdout.write(`data/compiled/${file}: ${(body.length / 1e6).toFixed(1)} MB (${key})\n`);
}

// The large word lists of data/lexicons/ as lexicon keys (src/lexicons/word-lists.ts).
for (const { file, source, key, body } of compileLexiconKeys()) {
  writeCompiled(file, source, key, body);
  process.stdout.write(`data/compiled/${file}: ${(body.length / 1e6).toFixed(2)} MB\n`);
}
