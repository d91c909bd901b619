import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDocumentProfiles, loadDocuments, loadProfiles, parseDocumentsJsonl, parseProfilesJsonl, profileIndex, profileValues, ReidInputError } from '../../src/reid/profiles.js';

const dir = mkdtempSync(join(tmpdir(), 'splice-reid-profiles-'));
const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

test('profiles: strings and arrays become trimmed value lists, blank lines and empty values are dropped, numeric ids become strings', () => {
  const profiles = parseProfilesJsonl('{"id":"p1","attributes":{"name":" Ada Vell ","hobbies":["chess","  ",""],"empty":""}}\n\n{"id":7,"attributes":{"city":"Graz"}}\r\n');
  assert.deepEqual(
    profiles.map((p) => ({ ...p, attributes: { ...p.attributes } })),
    [
      { id: 'p1', attributes: { name: ['Ada Vell'], hobbies: ['chess'] } },
      { id: '7', attributes: { city: ['Graz'] } },
    ],
  );
  assert.deepEqual(profileValues(profiles[0]), [
    { attribute: 'name', value: 'Ada Vell' },
    { attribute: 'hobbies', value: 'chess' },
  ]);
  assert.equal(profileIndex(profiles).get('7'), 1);
});

test('profiles: bad lines fail with file, line and field, never the content', () => {
  const cases: [string, RegExp][] = [
    ['{"id":"p1","attributes":{"name":42}}', /^P\.jsonl line 1: invalid profile: attributes\.name: must be a string or an array of strings$/],
    ['{"id":"p1","attributes":{"name":["Ada", 3]}}', /line 1: invalid profile: attributes\.name/],
    ['{"id":"p1"}', /line 1: invalid profile: attributes: is required/],
    ['{"attributes":{}}', /line 1: invalid profile: id: is required/],
    ['{"id":"  ","attributes":{}}', /line 1: invalid profile: id: must not be empty/],
    ['{"id":"p1","attributes":{"name":"Ada"}}\n{"id":"p1","attributes":{}}', /line 2: duplicate profile id \(first seen on line 1\)/],
    ['{"id":"p1","attributes":{"Ada Vell secret"', /line 1: not valid JSON$/],
    ['["p1"]', /line 1: invalid profile/],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parseProfilesJsonl(text, 'P.jsonl'),
      (err: unknown) => err instanceof ReidInputError && message.test(err.message) && !err.message.includes('Ada'),
      text,
    );
  }
});

test('files: loaded as streams; missing files, invalid UTF-8 and a byte-order mark are handled', async () => {
  const good = file('p.jsonl', '\uFEFF{"id":"p1","attributes":{"name":"Ada Vell"}}\n{"id":"p2","attributes":{"name":["Bram Okonjo"]}}');
  assert.deepEqual((await loadProfiles(good)).map((p) => p.id), ['p1', 'p2']);
  await assert.rejects(loadProfiles(join(dir, 'missing.jsonl')), /missing\.jsonl: no such file/);
  const bad = file('bad.jsonl', Buffer.concat([Buffer.from('{"id":"p1","attributes":{}}\n{"id":"p2","attributes":{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}\n')]));
  await assert.rejects(loadProfiles(bad), /bad\.jsonl line 2: invalid UTF-8/);
});

test('documents: text and id required, profile optional unless asked for, unknown profiles caught', async () => {
  const docs = parseDocumentsJsonl('{"id":"d1","text":"Ada Vell is a pharmacist.","profile":"p1","spans":[]}\n{"id":"d2","text":""}');
  assert.deepEqual(docs, [
    { id: 'd1', text: 'Ada Vell is a pharmacist.', profile: 'p1' },
    { id: 'd2', text: '' },
  ]);
  assert.throws(() => parseDocumentsJsonl('{"id":"d1","text":3}', 'D'), /D line 1: invalid document: text: /);
  assert.deepEqual(parseDocumentsJsonl('{"id":"d1","text":"Nora Quist","masks":[{"start":0,"end":4}]}')[0].masks, [{ start: 0, end: 4 }]);
  assert.throws(() => parseDocumentsJsonl('{"id":"d1","text":"Nora","masks":[{"start":0,"end":9}]}', 'D'), /D line 1: invalid document: masks\.0: needs start ≤ end ≤ the text's length/);
  assert.throws(() => parseDocumentsJsonl('{"id":"d1","text":"Nora","masks":[{"start":-1,"end":2}]}', 'D'), /D line 1: invalid document: masks\.0\.start/);
  assert.throws(() => parseDocumentsJsonl('{"id":"d1","text":"x"}', 'D', { requireProfile: true }), /D line 1: invalid document: profile: is required/);
  const path = file('d.jsonl', '{"id":"d1","text":"Ada","profile":"p9"}\n');
  const loaded = await loadDocuments(path, { requireProfile: true });
  const profiles = parseProfilesJsonl('{"id":"p1","attributes":{}}');
  assert.throws(() => checkDocumentProfiles(loaded, profiles, 'd.jsonl'), /d\.jsonl: document "d1" names profile "p9", which is not among the profiles/);
  assert.doesNotThrow(() => checkDocumentProfiles(parseDocumentsJsonl('{"id":"d1","text":"x","profile":"p1"}'), profiles));
});
