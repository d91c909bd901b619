import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessDocument } from '../../src/assess/index.js';
import type { Label } from '../../src/taxonomy.js';
import { spansIn } from './helpers.js';

/** The assessed span of one element marked in an invented sentence. */
function one(text: string, value: string, label: Label) {
  const a = assessDocument(text, spansIn(text, [[value, label]]));
  return a.spans[0];
}

test('a verdict per element, not per category: common HIGH values are not identifying, the policy still redacts them', () => {
  const cases: Array<[string, string, Label]> = [
    ['The night shift was covered by a nurse from the agency.', 'nurse', 'EMPLOYMENT_EDUCATION'],
    ['The caller only gave the surname Johnson.', 'Johnson', 'PERSON_NAME'],
    ['Ask for Jennifer at the desk.', 'Jennifer', 'PERSON_NAME'],
    ['He stocks shelves at Walmart on weekends.', 'Walmart', 'EMPLOYMENT_EDUCATION'],
    ['She has worked for the National Health Service for years.', 'National Health Service', 'EMPLOYMENT_EDUCATION'],
    ['He graduated from Ohio State University.', 'Ohio State University', 'EMPLOYMENT_EDUCATION'],
    ['She studied agronomy at Kansas State University.', 'Kansas State University', 'EMPLOYMENT_EDUCATION'],
    ['He teaches at the University of Iowa.', 'University of Iowa', 'EMPLOYMENT_EDUCATION'],
  ];
  for (const [text, value, label] of cases) {
    const s = one(text, value, label);
    assert.equal(s.identifying, false, value);
    assert.ok(s.population! >= 10_000, value);
    assert.equal(s.redact, true, value);
    assert.equal(s.redactReason, 'category HIGH is always redacted', value);
  }
  // A rare full name is identifying on its own estimate, and that is the reason given.
  const rare = one('The lease was signed by Thaddeus Quillfeather.', 'Thaddeus Quillfeather', 'PERSON_NAME');
  assert.equal(rare.identifying, true);
  assert.match(rare.redactReason!, /identifying alone/);
});

test('regions, states and provinces outside the US are large, not villages', () => {
  for (const [text, value] of [
    ['Before the move she taught for ten years in Bavaria.', 'Bavaria'],
    ['The nurse trained in Kerala before emigrating.', 'Kerala'],
    ['He spent his childhood in Nunavut.', 'Nunavut'],
    ['The applicant studied law in Catalonia.', 'Catalonia'],
    ['He supports a cricket club in Yorkshire.', 'Yorkshire'],
  ]) {
    const s = one(text, value, 'LOCATION');
    assert.equal(s.identifying, false, value);
    assert.ok(s.population! > 10_000, `${value}: ${s.population}`);
    assert.doesNotMatch(s.basis!, /village/, value);
  }
});

test('small countries get their own population, not a median', () => {
  const niue = one('Her father kept bees on Niue.', 'Niue', 'LOCATION');
  assert.equal(niue.identifying, true);
  assert.ok(niue.population! < 5_000);
  const tuvalu = one('He ran a dive school in Tuvalu.', 'Tuvalu', 'LOCATION');
  assert.ok(tuvalu.population! > 10_000 && tuvalu.population! < 20_000, String(tuvalu.population));
  assert.equal(tuvalu.identifying, false);
});

test('parks, canyons and landmarks identify only through the people around them, not as a town of the same name', () => {
  const canyon = one('The photos were taken on a hike in the Grand Canyon.', 'Grand Canyon', 'LOCATION');
  assert.equal(canyon.identifying, false);
  assert.match(canyon.basis!, /canyon Grand Canyon.*Coconino County/);
  const park = one('Her sister jogs around Central Park every morning.', 'Central Park', 'LOCATION');
  assert.equal(park.identifying, false);
  assert.doesNotMatch(park.basis!, /\bcity Central Park\b/);
  // A feature named after a large place takes that place's population.
  const harbor = one('They moored the boat in Boston Harbor.', 'Boston Harbor', 'LOCATION');
  assert.equal(harbor.identifying, false);
  assert.match(harbor.basis!, /Boston/);
  // A small local feature stays small.
  const creek = one('Our cottage is on Pike Hollow Creek, past the last farm.', 'Pike Hollow Creek', 'LOCATION');
  assert.equal(creek.identifying, true);
});

test('"X County" gets that county\'s population (Census), disambiguated by its state', () => {
  const loving = one('The family runs cattle in Loving County, Texas.', 'Loving County', 'LOCATION');
  assert.equal(loving.identifying, true);
  assert.ok(loving.population! < 200);
  const cook = one('She has worked for years in Cook County, Illinois.', 'Cook County', 'LOCATION');
  assert.ok(cook.population! > 5_000_000);
  assert.equal(cook.identifying, false);
  // King County: Washington's (2.3 million) or Texas's (a few hundred), as the text says.
  const kingTx = one('They ranch in King County, TX these days.', 'King County', 'LOCATION');
  assert.ok(kingTx.population! < 1_000, String(kingTx.population));
  const kingWa = one('They moved to King County, WA for work.', 'King County', 'LOCATION');
  assert.ok(kingWa.population! > 1_000_000);
  // Irish counties are written "County X".
  const kerry = one('My grandmother taught in County Kerry.', 'County Kerry', 'LOCATION');
  assert.equal(kerry.identifying, false);
});

test('ZIP codes get their own area population (Census ZCTA), not a flat figure', () => {
  const big = one('Forward the statements to ZIP code 10025 from now on.', '10025', 'ADDRESS');
  assert.ok(big.population! > 50_000);
  assert.equal(big.identifying, false);
  assert.match(big.basis!, /ZCTA/);
  const small = one('The form lists only the ZIP code, 57658, and an initial.', '57658', 'ADDRESS');
  assert.ok(small.population! < 1_000);
  assert.equal(small.identifying, true);
});

test('neighbourhoods and boroughs: listed ones with their residents, named ones with a neighbourhood prior', () => {
  const backBay = one('They bought a brownstone in Back Bay last year.', 'Back Bay', 'LOCATION');
  assert.equal(backBay.identifying, false);
  assert.match(backBay.basis!, /neighbourhood Back Bay \(Boston\)/);
  const harlem = one('After the divorce he rented a flat in Harlem.', 'Harlem', 'LOCATION');
  assert.ok(harlem.population! > 100_000);
  const bronx = one('She grew up in the Bronx.', 'Bronx', 'LOCATION');
  assert.ok(bronx.population! > 1_000_000);
  // An unlisted neighbourhood named as such in a large city is not a village.
  const text = 'They rent in the Marlowe Heights neighborhood of Chicago.';
  const unlisted = one(text, 'Marlowe Heights', 'LOCATION');
  assert.match(unlisted.basis!, /neighbourhood/);
  assert.equal(unlisted.identifying, false);
});

test('a city, health system or club labelled as a person name gets a place or organisation estimate', () => {
  const city = one('The client moved from Fort Wayne last winter.', 'Fort Wayne', 'PERSON_NAME');
  assert.equal(city.identifying, false);
  assert.match(city.basis!, /a place, not a person.*Fort Wayne/);
  const santa = one('She works weekends in Santa Rosa now.', 'Santa Rosa', 'PERSON_NAME');
  assert.equal(santa.identifying, false);
  const kaiser = one('Her insurance is through Kaiser Permanente.', 'Kaiser Permanente', 'PERSON_NAME');
  assert.equal(kaiser.identifying, false);
  assert.match(kaiser.basis!, /listed organisation/);
  const club = one('He has supported Manchester United since he was six.', 'Manchester United', 'PERSON_NAME');
  assert.equal(club.identifying, false);
  const brooklyn = one('She has been commuting from Brooklyn since spring.', 'Brooklyn', 'PERSON_NAME');
  assert.equal(brooklyn.identifying, false);
  // A real person's name keeps the name estimate.
  const person = one('The referral came from Maria Lopez.', 'Maria Lopez', 'PERSON_NAME');
  assert.match(person.basis!, /full name/);
  // An event labelled as a place is estimated as an event.
  const festival = one('He went to Glastonbury Festival with friends.', 'Glastonbury Festival', 'LOCATION');
  assert.equal(festival.identifying, false);
  assert.match(festival.basis!, /an event, not a place/);
});

test('unique roles and small fields identify; mass events and common roles do not', () => {
  const mayor = one('In 2019 she was elected mayor of Lakewood, Colorado.', 'mayor', 'EMPLOYMENT_EDUCATION');
  assert.equal(mayor.identifying, true);
  assert.equal(mayor.population, 1);
  assert.match(mayor.basis!, /role "mayor of Lakewood/);
  const coach = one('He later became head coach of the Denver Broncos.', 'head coach', 'EMPLOYMENT_EDUCATION');
  assert.equal(coach.identifying, true);
  const possessive = one("The town's sheriff retired in May.", 'sheriff', 'EMPLOYMENT_EDUCATION');
  assert.equal(possessive.identifying, true);
  const first = one('In 2015 she became the first woman to chair the county bar association.', 'first woman to chair the county bar association', 'ACHIEVEMENT');
  assert.equal(first.identifying, true);
  const farriers = one('She is one of three farriers in Vermont.', 'farriers', 'EMPLOYMENT_EDUCATION');
  assert.equal(farriers.population, 3);
  assert.equal(farriers.identifying, true);
  const ageGroup = one("She won the women's 50-54 age group at the 2019 Chicago Marathon.", "won the women's 50-54 age group at the 2019 Chicago Marathon", 'ACHIEVEMENT');
  assert.equal(ageGroup.identifying, true);
  // Not unique: a mayor somewhere, a director of a function, taking part in a mass event.
  const aMayor = one('Her uncle was a mayor in a small town.', 'mayor', 'EMPLOYMENT_EDUCATION');
  assert.equal(aMayor.identifying, false);
  const director = one('He works as a director of marketing.', 'director', 'EMPLOYMENT_EDUCATION');
  assert.equal(director.identifying, false);
  const manager = one('She is a manager at Starbucks.', 'manager', 'EMPLOYMENT_EDUCATION');
  assert.equal(manager.identifying, false);
  const principal = one('He is principal at Roosevelt High School.', 'principal', 'EMPLOYMENT_EDUCATION');
  assert.equal(principal.identifying, true);
  const runners = one('He was one of 50,000 runners in the race.', 'runners', 'EMPLOYMENT_EDUCATION');
  assert.equal(runners.population, 50_000);
  assert.equal(runners.identifying, false);
  const finished = one('He finished the 2019 Chicago Marathon in four hours.', 'finished the 2019 Chicago Marathon', 'ACHIEVEMENT');
  assert.equal(finished.identifying, false);
  assert.match(finished.basis!, /taking part/);
  const event = one('She took part in the 2023 New York City Marathon with 50,000 other runners.', 'the 2023 New York City Marathon', 'EVENT');
  assert.equal(event.identifying, false);
});

test('identifying in combination is a separate verdict from identifying alone', () => {
  const text = 'The patient, 42 years old, is a pharmacist in Pittsfield, MA who collects antique barometers.';
  const a = assessDocument(text, spansIn(text, [['42 years old', 'DEMOGRAPHIC'], ['pharmacist', 'EMPLOYMENT_EDUCATION'], ['Pittsfield, MA', 'LOCATION'], ['collects antique barometers', 'TRAIT']]));
  const combined = a.spans.filter((s) => !s.identifying && s.identifyingInCombination);
  assert.ok(combined.length >= 1, 'some element identifies only with the others');
  assert.ok(a.k.notAlone < 10_000);
  // Whatever is kept in clear identifies neither way.
  for (const s of a.spans.filter((x) => !x.redact)) assert.equal(s.identifyingInCombination, false);
});

test('a listed health system labelled MEDICAL is not a small clinic', () => {
  const s = one('He is treated at Cleveland Clinic every month.', 'Cleveland Clinic', 'MEDICAL');
  assert.equal(s.identifying, false);
  assert.ok(s.population! >= 80_000);
});

test('at least 90% right verdicts on both invented evaluation sets (labelled spans)', async () => {
  const { readFileSync } = await import('node:fs');
  const { significanceOf } = await import('../../src/taxonomy.js');
  for (const file of ['verdicts.jsonl', 'verdicts-holdout.jsonl']) {
    const items = readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { text: string; element: string; label: Label; population: number });
    let right = 0;
    for (const item of items) {
      const start = item.text.indexOf(item.element);
      const span = { start, end: start + item.element.length, label: item.label, text: item.element, score: 1, source: 'fixture', significance: significanceOf(item.label) };
      if (assessDocument(item.text, [span]).spans[0].identifying === item.population < 10_000) right++;
    }
    assert.ok(items.length >= 50, file);
    assert.ok(right / items.length >= 0.9, `${file}: ${right}/${items.length}`);
  }
});
