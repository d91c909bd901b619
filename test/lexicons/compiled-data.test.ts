import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { compiledTables, compileTagger, LowerCaseSkip, parsedTable, SequenceTagger, TAGS } from '../../src/learn/tagger.js';
import { crc32Js, decodeStringTable, scorerTables } from '../../src/learn/fast-scorer.js';
import { FAMILY_NAME as TAGGER_FAMILY, GIVEN_NAME as TAGGER_GIVEN } from '../../src/learn/features.js';
import { compileTaggerNames, tagLexicons } from '../../src/learn/lexicons.js';
import { compileLexiconKeys, decodeKeys, keysOfText, lexiconKey, wordSet } from '../../src/lexicons/word-lists.js';
import { dataPath, readDataLines } from '../../src/lexicons/data-files.js';
import { contentKey, readCompiled } from '../../src/lexicons/compiled.js';
import { compileNameFilter, mayBeNameKey, NAME_FILTER_FILE } from '../../src/detect/recognizers/names/classify.js';
import {
  compileNameFlags,
  decodeFlags,
  familyNames,
  FAMILY_NAME,
  givenNames,
  GIVEN_NAME,
  nameFlagTable,
  nameKeyFlags,
  nameStopwords,
  NAME_STOPWORD,
  nameTitles,
  NAME_TITLE,
} from '../../src/lexicons/names.js';
import { builtPlaces, compilePlaces, decodePlaces, divisionTable, countyTable } from '../../src/assess/place-data.js';

/**
 * The start-up forms of data/compiled/ (scripts/build-compact-data.ts) must give exactly what
 * building from the source files gives, and a damaged one must be refused (then the loaders
 * build in memory instead).
 */
const body = (compiled: string | Buffer) => (typeof compiled === 'string' ? Buffer.from(compiled, 'utf8') : compiled);

test('the compiled tagger tables are the tables built from the model JSON, and tag the same', () => {
  const gz = readFileSync(dataPath('model/tagger.json.gz'));
  const parsed = parsedTable(gz);
  const built = scorerTables(parsed, TAGS);
  const decoded = compiledTables(compileTagger().body);
  assert.ok(parsed.features.length > 1000 && built.words.size > 1000 && built.rows.size > 100);
  for (const k of ['weights', 'data', 'wordRecs', 'pairFirst', 'pairSecond', 'pairRow', 'fixed'] as const) assert.deepEqual(decoded[k], built[k], k);
  for (const k of ['words', 'rows'] as const) {
    for (const a of ['units', 'starts', 'slots', 'values'] as const) assert.deepEqual(decoded[k][a], built[k][a], `${k}.${a}`);
  }
  // The tables find what the weight table holds: a word's rows, a shape's row.
  assert.ok(built.words.get('dr') >= 0);
  assert.equal(built.words.get('no such word in any model'), -1);
  // Rows hold (weight number << 4) | tag index; the weights are the model's distinct values, each used.
  assert.equal(new Set(built.weights).size, built.weights.length);
  assert.equal(built.data.length, parsed.features.length + parsed.values.length);
  const used = new Set<number>();
  for (let r = 0; r < built.data.length; r += 1 + built.data[r]) {
    for (let j = r + 1; j <= r + built.data[r]; j++) {
      assert.ok((built.data[j] & 15) < TAGS.length && built.data[j] >>> 4 < built.weights.length);
      used.add(built.data[j] >>> 4);
    }
  }
  assert.equal(used.size, built.weights.length);
  const shapeRow = built.rows.get('s=Xx');
  assert.ok(shapeRow >= 0 && built.data[shapeRow] > 0);
  assert.equal(built.rows.find('s=', 'aXxb', 1, 3), shapeRow);
  const text = 'Dr. Ingrid Vasquez-Holt met Tomasz Brenner at the Lakeview clinic in Duluth on Friday.';
  const skip = new LowerCaseSkip(new Set(['van', 'de']));
  const fromJson = new SequenceTagger(parsed, tagLexicons()).candidates(text, undefined, skip);
  const fromCompiled = new SequenceTagger(() => parsed, tagLexicons(), decoded).candidates(text, undefined, skip);
  assert.ok(fromJson.some((c) => c.label === 'PERSON_NAME'));
  assert.deepEqual(fromCompiled, fromJson);
  // The loader (compiled file when present) gives the same candidates too.
  assert.deepEqual(SequenceTagger.load(dataPath('model/tagger.json.gz'), tagLexicons()).candidates(text, undefined, skip), fromJson);
});

test('truncated, padded or damaged tagger tables are refused', () => {
  const good = compileTagger().body;
  assert.throws(() => compiledTables(good.subarray(0, good.length - 3)));
  assert.throws(() => compiledTables(Buffer.concat([good, Buffer.from([0, 0, 0, 0, 0, 0, 0, 0])])));
  assert.throws(() => compiledTables(good.subarray(0, 40)));
  const flipped = Buffer.from(good);
  flipped[good.length >> 1] ^= 0x10;
  assert.throws(() => compiledTables(flipped), /damaged/);
  // Any alignment of the bytes reads the same (a copy when not on a multiple of 8).
  const shifted = Buffer.concat([Buffer.from([1, 2, 3]), good]).subarray(3);
  assert.deepEqual(compiledTables(shifted).data, compiledTables(good).data);
});

test('the checksum in JS is zlib\'s CRC-32', () => {
  const bytes = Buffer.from('Ingrid Vasquez-Holt, 12 Quarry Ridge Drive');
  assert.equal(crc32Js(bytes), 0x2d2fced1);
  assert.equal(crc32Js(new Uint8Array(0)), 0);
});

test('the compiled tagger name lists hold exactly the lines of the name files', () => {
  const { body } = compileTaggerNames();
  assert.ok(body.length > 1000);
  const lex = tagLexicons();
  assert.deepEqual([...lex.givenNames].sort(), [...new Set(readDataLines('lexicons/tagger-given-names.txt'))].sort());
  assert.deepEqual([...lex.familyNames].sort(), [...new Set(readDataLines('lexicons/tagger-family-names.txt'))].sort());
  assert.ok(lex.givenNames.has('ingrid') && !lex.givenNames.has('Ingrid'));
  // One lookup for both lists gives the bits of the two sets.
  const given = new Set(readDataLines('lexicons/tagger-given-names.txt'));
  const family = new Set(readDataLines('lexicons/tagger-family-names.txt'));
  assert.equal(lex.givenNames.size, given.size);
  assert.equal(lex.familyNames.size, family.size);
  for (const w of [...given].slice(0, 300).concat([...family].slice(0, 300), ['maria', 'schmidt', 'clinic', 'zzqx', ''])) {
    assert.equal(lex.nameFlags!(w), (given.has(w) ? TAGGER_GIVEN : 0) | (family.has(w) ? TAGGER_FAMILY : 0), w);
  }
  assert.ok(lex.nameFlags!('maria') & TAGGER_GIVEN && lex.nameFlags!('schmidt') & TAGGER_FAMILY);
  // A damaged or cut table is refused (the names are then built from the files).
  assert.throws(() => decodeStringTable(body.subarray(0, body.length - 8)));
  const flipped = Buffer.from(body);
  flipped[body.length - 5] ^= 0x01;
  assert.throws(() => decodeStringTable(flipped), /damaged/);
  assert.deepEqual(decodeStringTable(body).values, decodeStringTable(Buffer.concat([Buffer.from([7]), body]).subarray(1)).values);
});

test('the content key changes with the bytes and with what else the result depends on', () => {
  const a = contentKey('x', Buffer.from('alpha\nbeta\n'));
  assert.equal(a, contentKey('x', Buffer.from('alpha\nbeta\n')));
  assert.notEqual(a, contentKey('x', Buffer.from('alpha\nbetb\n')));
  assert.notEqual(a, contentKey('x', Buffer.from('alpha\nbeta\n'), 'LE'));
});

test('compiled lexicon keys are the keys built from each list, and wordSet holds them', () => {
  const compiled = compileLexiconKeys();
  assert.ok(compiled.some((c) => c.file === 'lexicons/given-names.txt.keys'));
  for (const c of compiled) {
    const name = c.file.replace(/^lexicons\//, '').replace(/\.keys$/, '');
    const built = keysOfText(readFileSync(dataPath(`lexicons/${name}`), 'utf8'));
    assert.deepEqual(decodeKeys(body(c.body)), built, name);
  }
  const given = wordSet('given-names.txt');
  assert.deepEqual([...given], [...new Set(readDataLines('lexicons/given-names.txt').map(lexiconKey))]);
  assert.ok(given.has('ingrid'));
});

test('lexicon keys: empty lists, accents and damaged bodies', () => {
  assert.deepEqual(keysOfText('# source: invented\nZoë\nzoe\n  Bram \nbram\n\n# note\nJosé\n'), ['zoe', 'bram', 'jose']);
  assert.deepEqual(decodeKeys(Buffer.from('0')), []);
  assert.deepEqual(decodeKeys(Buffer.from('2\nzoe\nbram')), ['zoe', 'bram']);
  assert.deepEqual(decodeKeys(Buffer.from('1\n')), ['']);
  assert.equal(decodeKeys(Buffer.from('3\nzoe\nbram')), undefined);
  assert.equal(decodeKeys(Buffer.from('x\nzoe')), undefined);
});

test('the compiled division and county tables are those built from the TSV files', () => {
  const built = builtPlaces(readFileSync(dataPath('assess/admin1.tsv')), readFileSync(dataPath('assess/us-counties.tsv')));
  const decoded = decodePlaces(body(compilePlaces().body));
  assert.ok(decoded);
  assert.deepEqual([...decoded.divisions], [...built.divisions]);
  assert.deepEqual([...decoded.full], [...built.full]);
  assert.deepEqual([...decoded.bare], [...built.bare]);
  // A county is one object in both tables, as when built.
  const cook = decoded.full.get('cook county')!.find((c) => c.state === 'IL')!;
  assert.ok(decoded.bare.get('cook')!.includes(cook));
  // The lazily loaded tables (compiled file when present) agree.
  assert.deepEqual(divisionTable().get('bavaria') ?? divisionTable().get('bayern'), built.divisions.get('bavaria') ?? built.divisions.get('bayern'));
  assert.deepEqual(countyTable().full.get('cook county'), built.full.get('cook county'));
});

test('a damaged compiled place table is refused', () => {
  const good = String(compilePlaces().body);
  assert.equal(decodePlaces(Buffer.from(good.slice(0, -20))), undefined);
  const raw = JSON.parse(good) as { divisions: Array<string | number> };
  raw.divisions[2] = 'many';
  assert.equal(decodePlaces(Buffer.from(JSON.stringify(raw))), undefined);
  const short = JSON.parse(good) as { full: number[] };
  short.full.pop();
  assert.equal(decodePlaces(Buffer.from(JSON.stringify(short))), undefined);
});

test('the compiled name flags are the flags built from the four lexicons', () => {
  const built = new Map<string, number>();
  const mark = (set: ReadonlySet<string>, bit: number) => {
    for (const k of set) built.set(k, (built.get(k) ?? 0) | bit);
  };
  mark(nameTitles(), NAME_TITLE);
  mark(nameStopwords(), NAME_STOPWORD);
  mark(givenNames(), GIVEN_NAME);
  mark(familyNames(), FAMILY_NAME);
  const decoded = decodeFlags(body(compileNameFlags().body));
  assert.ok(decoded);
  assert.equal(decoded.flags.length, built.size);
  assert.deepEqual([...nameFlagTable()], [...built]);
  for (const [k, f] of built) if (nameKeyFlags(k) !== f) assert.fail(`${k}: ${nameKeyFlags(k)}, not ${f}`);
  assert.ok(nameKeyFlags('ingrid') & GIVEN_NAME);
  assert.equal(nameKeyFlags('ingrid') & NAME_STOPWORD, 0);
  assert.ok(nameKeyFlags('the') & NAME_STOPWORD);
  assert.equal(nameKeyFlags('qzxv'), 0);
});

test('a damaged compiled name-flags table is refused', () => {
  const good = body(compileNameFlags().body);
  assert.ok(decodeFlags(good));
  // Read at any alignment (copied when the views cannot be made in place).
  const shifted = Buffer.alloc(good.length + 1);
  good.copy(shifted, 1);
  assert.ok(decodeFlags(shifted.subarray(1)));
  // Cut short, sizes that do not add up, an entry without flags, a table without an empty slot.
  assert.equal(decodeFlags(good.subarray(0, good.length - 20)), undefined);
  const sizes = new Int32Array(new Uint8Array(good).buffer, 0, 3);
  const [count, capacity] = sizes;
  const wrongCount = Buffer.from(good);
  wrongCount.writeInt32LE(count - 1, 0);
  assert.equal(decodeFlags(wrongCount), undefined);
  const noFlags = Buffer.from(good);
  noFlags[good.length - 1] = 0;
  assert.equal(decodeFlags(noFlags), undefined);
  const full = Buffer.from(good);
  for (let s = 0; s < capacity; s++) if (full.readInt32LE(12 + s * 4) === 0) full.writeInt32LE(1, 12 + s * 4);
  assert.equal(decodeFlags(full), undefined);
  assert.equal(decodeFlags(Buffer.from('not a table')), undefined);
});

test('the compiled name filter passes every given or family name that is no stopword, as the built one', () => {
  const compiled = compileNameFilter();
  assert.equal(compiled.body.length, 1 << 16);
  let names = 0;
  for (const [k, flags] of nameFlagTable()) {
    if ((flags & (GIVEN_NAME | FAMILY_NAME)) === 0 || (flags & NAME_STOPWORD) !== 0) continue;
    names++;
    assert.ok(mayBeNameKey(k), k);
  }
  assert.ok(names > 20_000);
  // The file build-compact-data wrote (when there) holds exactly the bits built here.
  const onDisk = readCompiled(NAME_FILTER_FILE, compiled.key);
  if (onDisk) assert.ok(onDisk.equals(compiled.body));
  // A filter, not a list: most ordinary lower-case words are ruled out.
  const words = ['table', 'window', 'quickly', 'medicine', 'yesterday', 'running', 'because', 'purple', 'kitchen', 'seventeen'];
  assert.ok(words.filter((w) => mayBeNameKey(w)).length <= 3);
});
