import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { dataPath, readDataLines } from '../../src/lexicons/data-files.js';

/**
 * Every list under data/ names where its entries come from: a first line
 * `# source: ...` in .txt / .tsv / .csv files, a top-level "_source" string in
 * .json files. Binary models (data/model/*.gz) are not lists and are skipped.
 */
const LIST_EXT = /\.(txt|tsv|csv|json)$/;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    // Licence and attribution texts stand beside the lists they cover; they are not lists.
    else if (LIST_EXT.test(name) && !/^(LICENSE|LICENCE|NOTICE|README)/i.test(name)) out.push(p);
  }
  return out;
}

/** The source a list file declares, or undefined when it has no header. */
function declaredSource(path: string, text: string): string | undefined {
  // Compiled indexes (data/compiled/, written at build time) start with a `# source:` line whatever their format.
  if (path.endsWith('.json') && !text.startsWith('# source:')) {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
    const src = (data as Record<string, unknown>)._source;
    return typeof src === 'string' && src.trim() ? src.trim() : undefined;
  }
  const first = text.split('\n', 1)[0];
  const m = /^# source: *(\S.*)$/.exec(first);
  return m ? m[1].trim() : undefined;
}

test('the header check rejects lists without a source (invented files)', () => {
  assert.equal(declaredSource('x.txt', '# source: curated by hand\napple\npear\n'), 'curated by hand');
  assert.equal(declaredSource('x.txt', '# Fruit names, one per line.\napple\n'), undefined);
  assert.equal(declaredSource('x.txt', 'apple\n# source: too late\n'), undefined);
  assert.equal(declaredSource('x.txt', '# source:\napple\n'), undefined);
  assert.equal(declaredSource('x.json', '{"_source": "ISO 4217", "codes": ["EUR"]}'), 'ISO 4217');
  assert.equal(declaredSource('x.json', '{"_comment": "codes", "codes": ["EUR"]}'), undefined);
  assert.equal(declaredSource('x.json', '["EUR", "USD"]'), undefined);
  assert.equal(declaredSource('x.json', '# source: ISO 4217, compiled\n{"codes": ["EUR"]}'), 'ISO 4217, compiled');
});

test('every list under data/ starts with a header naming its source', () => {
  const root = dataPath('');
  const files = listFiles(root);
  assert.ok(files.length > 50, `expected the data lists, found ${files.length} files under ${root}`);
  const missing = files.filter((f) => !declaredSource(f, readFileSync(f, 'utf8'))).map((f) => relative(root, f));
  assert.deepEqual(missing, [], `lists without a source header: ${missing.join(', ')}`);
});

test('the line loader skips the source header and comments', () => {
  for (const name of ['medical-conditions.txt', 'lexicons/given-names.txt', 'address/street-suffixes.txt']) {
    const lines = readDataLines(name);
    assert.ok(lines.length > 5, name);
    assert.ok(lines.every((l) => !l.startsWith('#')), `${name} yields a comment line`);
    assert.ok(!lines.some((l) => /^source:/i.test(l)), `${name} yields its header`);
  }
});
