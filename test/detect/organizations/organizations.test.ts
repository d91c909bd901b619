import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';
import { DetectionContext } from '../../../src/detect/context.js';
import { findOrganizations } from '../../../src/detect/recognizers/organizations/organizations.js';

const analyzer = new Analyzer({ labels: ['ORGANIZATION'] });
/** Candidates of the organisation recognizer alone (without the statistical tagger). */
const own = (text: string) => findOrganizations(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
// The recognizers' own decisions: the recall-first stage (tested in test/detect/recall/) flags unknown capitalised words anyway.
const orgs = (text: string) => analyzer.analyzeSync(text).filter((s) => s.label === 'ORGANIZATION' && !s.source.includes('recall-first')).map((s) => s.text);

test('names ending in an organisation word', () => {
  assert.deepEqual(orgs('He owns six buildings through Pruitt Holdings LLC.'), ['Pruitt Holdings LLC']);
  assert.deepEqual(orgs('She was treasurer of the Key Club and sang at St. Anne Parish.'), ['Key Club', 'St. Anne Parish']);
  assert.deepEqual(orgs('Bea is an associate at SGV & Co. in Taguig.'), ['SGV & Co.']);
  assert.deepEqual(orgs('The claim went to Badger Farmers Insurance last week.'), ['Badger Farmers Insurance']);
});

test('"X of Y" names, teams, known organisations and acronyms', () => {
  assert.deepEqual(orgs('The mortgage is held by Bank of America.'), ['Bank of America']);
  assert.deepEqual(orgs('He never missed a game of the Boston Red Sox.'), ['Boston Red Sox']);
  assert.deepEqual(orgs('Volunteers from the Red Cross arrived.'), ['Red Cross']);
  assert.deepEqual(orgs('Her loans are serviced by MOHELA since 2019.'), ['MOHELA']);
});

test('negatives: medical providers, headings, vital signs', () => {
  assert.deepEqual(orgs('She was admitted to Mercy General Hospital and seen at Lakeside Family Clinic.'), []);
  assert.deepEqual(orgs('COUNSELING SERVICES – CONFIDENTIAL NOTE'), []);
  assert.deepEqual(orgs('Vitals: HR 98, BP 104/62 at rest.'), []);
  assert.deepEqual(orgs('Dear Admissions Committee, I write to apply.'), []);
});

test('well-known brands, banks and insurers without a suffix word', () => {
  assert.deepEqual(own('Her 401(k) is with Vanguard and the card is from Discover.'), ['Vanguard', 'Discover']);
  assert.deepEqual(own('Payment by direct debit from Barclays, report pulled from Equifax.'), ['Barclays', 'Equifax']);
  assert.deepEqual(own('Their plan with Blue Cross Blue Shield of Vermont lapses in May.'), ['Blue Cross Blue Shield of Vermont']);
  assert.deepEqual(own('Gift card bought on Booking.com and a refund from AT&T.'), ['Booking.com', 'AT&T']);
});

test('names extended by "of <place>", legal forms after a comma, places of worship', () => {
  assert.deepEqual(own('The Portuguese Association of Manitoba is holding a fundraiser.'), ['Portuguese Association of Manitoba']);
  assert.deepEqual(own('Plaintiff v. Harlow Freight Lines, Inc., No. 3:24-cv-01234.'), ['Harlow Freight Lines, Inc.']);
  assert.deepEqual(own('The settlement went to Bank of the Ozarks last week.'), ['Bank of the Ozarks']);
  assert.deepEqual(own('He prays on Fridays at Masjid Al-Huda of Dearborn.'), ['Masjid Al-Huda of Dearborn']);
  assert.deepEqual(own('The wedding is at St Teilo\'s on the 6th.'), ["St Teilo's"]);
  assert.deepEqual(own('Account at Raiffeisenbank Wien since 2010.'), ['Raiffeisenbank Wien']);
});

test('generic organisation words need a proper name', () => {
  assert.deepEqual(own('Report it to the Pemberton Police Department and the Kenosha County Sheriff\'s Office.'), ['Pemberton Police Department', "Kenosha County Sheriff's Office"]);
  assert.deepEqual(own('Please contact the Human Resources Department or the Service Center.'), []);
  assert.deepEqual(own('The Sales Team and the Call Center moved upstairs.'), []);
});

test('hard negatives: vehicles, sentence-initial brand words, labels, headings', () => {
  assert.deepEqual(own('Vehicle: 2019 Ford Escape, plate 4KZP41.'), []);
  assert.deepEqual(own('Discover what works for you. Target dates are in May.'), []);
  assert.deepEqual(own('Krankenkasse: bitte angeben'), []);
  assert.deepEqual(own('COUNSELING SERVICES – CONFIDENTIAL NOTE'), []);
  assert.deepEqual(own('We met on Friday at the Church picnic.'), []);
});

test('adversarial input runs in linear time', { timeout: 30_000 }, () => {
  const chunks = ['1234567890', '....', '@@@@', '----', '    ', 'Aaa Bbb Club ', 'of the ', ', Inc. ', 'St X\'s ', 'Bank of Bank of '];
  for (const c of chunks) {
    const text = c.repeat(Math.ceil(100_000 / c.length));
    // A quadratic walk would take minutes on 100 KB and hit the test's timeout.
    assert.ok(Array.isArray(findOrganizations(new DetectionContext(text), 'recall')));
  }
});

test('a known organisation as the last word of the text, and one running into a longer word', () => {
  assert.deepEqual(own('My savings account is with Chase'), ['Chase']);
  assert.deepEqual(own('My savings account is with Chasers'), []);
  assert.deepEqual(own('I sent it via Booking.com'), ['Booking.com']);
});
