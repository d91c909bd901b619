import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGold } from '../../src/eval/loaders/index.js';
import type { RunningServer } from '../../src/serve/index.js';
import { call, startTestServer } from './helpers.js';

/**
 * The review app's API with the real engine: upload, review (accept, reject,
 * relabel, resize, add), progress, the four exports and two reviewers'
 * agreement. Texts are invented.
 */
const LETTER = 'Dear Mrs. Philippa Oyelaran-Brandt, your appointment at Greyfriars Clinic is confirmed. Please bring card 4929 1234 5678 9012 and call 0131 496 0277 if needed. She has a small anchor tattoo on her wrist.';
const GOLD_TEXT = 'Signed by Caspar Whitlow in Aberfoyle.';
const GOLD_JSONL = `${JSON.stringify({ id: 'gold-1', domain: 'legal', text: GOLD_TEXT, spans: [{ start: 10, end: 24, label: 'PERSON_NAME' }, { start: 28, end: 37, label: 'DATETIME' }] })}\n`;

let server: RunningServer;
let base = '';
let projectId = '';
const docs: Record<string, string> = {};

before(async () => {
  server = await startTestServer();
  base = server.url;
});
after(async () => {
  await server.close();
});

const review = (doc: string, reviewer: string) => `/api/documents/${docs[doc]}/reviews/${encodeURIComponent(reviewer)}`;
const find = (spans: Array<{ start: number; end: number }>, text: string, part: string) => spans.find((s) => text.slice(s.start, s.end) === part) as Record<string, any> | undefined;

test('projects and uploads: a .txt gets Splice suggestions; a benchmark JSONL keeps its annotations; a second upload of the same id is refused', async () => {
  const created = await call(base, 'POST', '/api/projects', { body: { name: 'Clinic letters' } });
  assert.equal(created.status, 200);
  projectId = created.body.id;

  const txt = await call(base, 'POST', `/api/projects/${projectId}/documents`, { body: { filename: 'letter.txt', content: LETTER } });
  assert.equal(txt.status, 200);
  assert.equal(txt.body.format, 'text');
  docs.letter = txt.body.documents[0].id;

  const jsonl = await call(base, 'POST', `/api/projects/${projectId}/documents`, { body: { filename: 'gold.jsonl', content: GOLD_JSONL, engine: false } });
  assert.equal(jsonl.status, 200);
  assert.equal(jsonl.body.format, 'splice');
  docs.gold = jsonl.body.documents[0].id;

  const again = await call(base, 'POST', `/api/projects/${projectId}/documents`, { body: { filename: 'gold.jsonl', content: GOLD_JSONL } });
  assert.equal(again.status, 409);
  assert.equal(again.body.code, 'DUPLICATE_DOCUMENT');

  const broken = await call(base, 'POST', `/api/projects/${projectId}/documents`, { body: { filename: 'bad.jsonl', content: '{"id": 1, "text": "Hi"' } });
  assert.equal(broken.status, 400);
  assert.equal(broken.body.message, 'bad.jsonl: line 1: not valid JSON');

  const project = await call(base, 'GET', `/api/projects/${projectId}`);
  assert.deepEqual(project.body.documents.map((d: { name: string }) => d.name), ['letter.txt', 'gold-1']);
  assert.ok(project.body.documents[0].suggestions >= 3, 'Splice suggested spans for the letter');
});

test('a review starts from the suggestions (pending); accept, reject, relabel, resize and add; identifiability follows', async () => {
  const started = await call(base, 'POST', review('letter', 'alice'));
  assert.equal(started.status, 200);
  const spans = started.body.spans;
  assert.ok(spans.every((s: { status: string }) => s.status === 'pending'));
  const name = find(spans, LETTER, 'Philippa Oyelaran-Brandt');
  assert.ok(name, 'the name is suggested');
  assert.equal(name.significance, 'HIGH');
  assert.equal(name.origin, 'engine');
  const card = find(spans, LETTER, '4929 1234 5678 9012');
  assert.equal(card?.label, 'FINANCIAL');
  const phone = find(spans, LETTER, '0131 496 0277');
  assert.ok(phone);

  // accept the name, reject the phone number
  assert.equal((await call(base, 'PATCH', `${review('letter', 'alice')}/spans/${name.id}`, { body: { status: 'accepted' } })).status, 200);
  await call(base, 'PATCH', `${review('letter', 'alice')}/spans/${phone.id}`, { body: { status: 'rejected' } });
  // relabel the card as an ID number, then resize it to its last four digits
  await call(base, 'PATCH', `${review('letter', 'alice')}/spans/${card!.id}`, { body: { label: 'ID_NUMBER' } });
  const resized = await call(base, 'PATCH', `${review('letter', 'alice')}/spans/${card!.id}`, { body: { start: LETTER.indexOf('9012'), end: LETTER.indexOf('9012') + 4 } });
  assert.equal(find(resized.body.spans, LETTER, '9012')?.label, 'ID_NUMBER');
  // add the tattoo the engine did not flag
  const start = LETTER.indexOf('small anchor tattoo');
  const added = await call(base, 'POST', `${review('letter', 'alice')}/spans`, { body: { start, end: start + 'small anchor tattoo'.length, label: 'TRAIT' } });
  assert.equal(added.status, 200);
  const tattoo = find(added.body.spans, LETTER, 'small anchor tattoo');
  assert.equal(tattoo?.origin, 'reviewer');
  assert.equal(tattoo?.status, 'accepted');
  assert.equal(tattoo?.significance, 'LOW');
  assert.equal(typeof find(added.body.spans, LETTER, 'Philippa Oyelaran-Brandt')?.identifying, 'boolean', 'identifiability recomputed');

  const outOfRange = await call(base, 'POST', `${review('letter', 'alice')}/spans`, { body: { start: 5, end: LETTER.length + 3, label: 'TRAIT' } });
  assert.equal(outOfRange.status, 400);
  assert.equal(outOfRange.body.code, 'INVALID_SPAN');
  const badLabel = await call(base, 'POST', `${review('letter', 'alice')}/spans`, { body: { start: 0, end: 4, label: 'person' } });
  assert.equal(badLabel.status, 400);
  const otherReviewer = await call(base, 'PATCH', `${review('letter', 'bob')}/spans/${name.id}`, { body: { status: 'rejected' } });
  assert.equal(otherReviewer.status, 404, "bob has no review yet and cannot change alice's span");

  // done is refused while spans are pending; accept-all then done
  const early = await call(base, 'PUT', `${review('letter', 'alice')}/status`, { body: { status: 'done' } });
  assert.equal(early.status, 409);
  assert.equal(early.body.code, 'PENDING_SPANS');
  const all = await call(base, 'POST', `${review('letter', 'alice')}/accept-all`);
  assert.equal(all.body.counts.pending, 0);
  const done = await call(base, 'PUT', `${review('letter', 'alice')}/status`, { body: { status: 'done' } });
  assert.equal(done.status, 200);
  assert.equal(done.body.status, 'done');
});

test('exports: benchmark JSONL read back by splice eval’s loader; redacted text without the accepted values', async () => {
  const jsonl = await call(base, 'GET', `/api/projects/${projectId}/export?format=jsonl&reviewer=alice`);
  assert.equal(jsonl.status, 200);
  assert.match(jsonl.headers.get('content-disposition') ?? '', /attachment; filename="Clinic-letters-alice\.jsonl"/);
  const corpus = parseGold('x.jsonl', jsonl.text, 'splice');
  assert.equal(corpus.documents.length, 1, 'only the document alice marked done');
  const spans = corpus.documents[0].spans.map((s) => [LETTER.slice(s.start, s.end), s.label]);
  assert.ok(spans.some(([t, l]) => t === 'small anchor tattoo' && l === 'TRAIT'));
  assert.ok(spans.some(([t, l]) => t === '9012' && l === 'ID_NUMBER'));
  assert.ok(spans.some(([t, l]) => t === 'Philippa Oyelaran-Brandt' && l === 'PERSON_NAME'));
  assert.ok(!spans.some(([t]) => t === '0131 496 0277'), 'the rejected span is not exported');

  const redacted = await call(base, 'GET', `/api/projects/${projectId}/export?format=redacted&reviewer=alice`);
  const line = JSON.parse(redacted.text.trim());
  assert.equal(line.id, 'letter.txt');
  assert.ok(!line.text.includes('Oyelaran'));
  assert.ok(!line.text.includes('anchor tattoo'));
  assert.ok(line.text.includes('0131 496 0277'), 'a rejected span stays in clear');
  assert.ok(line.text.includes('4929 1234 5678 [ID_NUMBER]'));

  const single = await call(base, 'GET', `${review('letter', 'alice')}/redacted`);
  assert.equal(single.text, line.text);

  const noReviewer = await call(base, 'GET', `/api/projects/${projectId}/export?format=jsonl`);
  assert.equal(noReviewer.status, 400);
  const tab = await call(base, 'GET', `/api/projects/${projectId}/export?format=tab`);
  assert.deepEqual(Object.keys(JSON.parse(tab.text)[0].annotations), ['alice']);
  const ls = await call(base, 'GET', `/api/projects/${projectId}/export?format=labelstudio&reviewer=alice`);
  assert.equal(JSON.parse(ls.text)[0].annotations[0].result.length, corpus.documents[0].spans.length);
});

test('imported annotations are suggestions; two reviewers give kappa and a disagreements list; progress per reviewer', async () => {
  for (const reviewer of ['alice', 'bob']) {
    const started = await call(base, 'POST', review('gold', reviewer));
    const spans = started.body.spans;
    assert.deepEqual(
      spans.map((s: { start: number; end: number; label: string; origin: string }) => [GOLD_TEXT.slice(s.start, s.end), s.label, s.origin]),
      [
        ['Caspar Whitlow', 'PERSON_NAME', 'import'],
        ['Aberfoyle', 'DATE', 'import'],
      ],
      'DATETIME without a Splice category becomes the DATE extension label',
    );
    const place = spans[1];
    // alice relabels the place as a LOCATION; bob rejects it
    await call(base, 'PATCH', `${review('gold', reviewer)}/spans/${place.id}`, { body: reviewer === 'alice' ? { label: 'LOCATION', status: 'accepted' } : { status: 'rejected' } });
    await call(base, 'POST', `${review('gold', reviewer)}/accept-all`);
    await call(base, 'PUT', `${review('gold', reviewer)}/status`, { body: { status: 'done' } });
  }
  const r = await call(base, 'GET', `/api/projects/${projectId}/agreement?a=alice&b=bob`);
  assert.equal(r.status, 200);
  assert.equal(r.body.documents, 1, 'only documents both reviewers marked done');
  assert.deepEqual(r.body.counts, { agree: 1, label: 0, boundary: 0, 'boundary-and-label': 0, 'only-a': 1, 'only-b': 0 });
  assert.equal(r.body.disagreements[0].context.text, 'Aberfoyle');
  assert.equal(r.body.disagreements[0].a.label, 'LOCATION');
  // units (PERSON_NAME, PERSON_NAME) and (LOCATION, none): p_o = 0.5, p_e = 0.25, kappa = 0.25 / 0.75
  assert.equal(r.body.spanKappa.strict.kappa, 0.3333);
  assert.equal(r.body.f1.exact, Math.round((2 / 3) * 10000) / 10000);
  const same = await call(base, 'GET', `/api/projects/${projectId}/agreement?a=alice&b=alice`);
  assert.equal(same.status, 400);

  const project = await call(base, 'GET', `/api/projects/${projectId}`);
  const progress = Object.fromEntries(project.body.progress.map((p: { reviewer: string; documentsDone: number }) => [p.reviewer, p.documentsDone]));
  assert.deepEqual(progress, { alice: 2, bob: 1 });
  const list = await call(base, 'GET', '/api/projects');
  assert.equal(list.body.find((p: { id: string }) => p.id === projectId).documents, 2);
});

test('a project can be deleted with everything in it', async () => {
  const created = await call(base, 'POST', '/api/projects', { body: { name: 'Scratch' } });
  const up = await call(base, 'POST', `/api/projects/${created.body.id}/documents`, { body: { filename: 'a.txt', content: 'Memo from Lorcan Ashby.', engine: false } });
  assert.equal(up.status, 200);
  assert.equal((await call(base, 'DELETE', `/api/projects/${created.body.id}`)).status, 200);
  assert.equal((await call(base, 'GET', `/api/projects/${created.body.id}`)).status, 404);
  assert.equal((await call(base, 'GET', `/api/documents/${up.body.documents[0].id}`)).status, 404);
});
