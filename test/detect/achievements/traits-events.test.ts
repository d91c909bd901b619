import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { achievementsRecognizers } from '../../../src/detect/recognizers/achievements/index.js';
import type { Candidate } from '../../../src/types.js';

const recognizers = achievementsRecognizers({ profile: 'balanced' });

function found(text: string, label: string): string[] {
  const ctx = new DetectionContext(text);
  const out = new Set<string>();
  for (const r of recognizers) for (const c of r.detect(ctx) as Candidate[]) if (c.label === label) out.add(text.slice(c.start, c.end));
  return [...out];
}

test('mark locations follow "of" to the body part', () => {
  assert.ok(found('Witnesses saw a dragon tattoo on the left side of his throat.', 'TRAIT').includes('dragon tattoo on the left side of his throat'));
  assert.ok(found('Note: faint scar along the back of the left hand.', 'TRAIT').includes('faint scar along the back of the left hand'));
  assert.ok(found('Exam shows a pale-brown, oval-shaped birthmark on her calf.', 'TRAIT').includes('pale-brown, oval-shaped birthmark on her calf'));
});

test('marks told by a verb and features that need a body part', () => {
  assert.ok(found('He has a small anchor tattooed on his wrist.', 'TRAIT').includes('small anchor tattooed on his wrist'));
  assert.ok(found('She has a wide gap between her front teeth.', 'TRAIT').includes('wide gap between her front teeth'));
  assert.ok(found('He has a streak of silver through his fringe above the left temple.', 'TRAIT').some((s) => s.startsWith('streak of silver')));
  assert.ok(found('The suspect had a gold front tooth.', 'TRAIT').includes('gold front tooth'));
});

test('signature items and repeated habits', () => {
  assert.ok(found('Everyone knows the green fedora he wears to every match.', 'TRAIT').includes('green fedora he wears to every match'));
  assert.ok(found('Look for the silver whistle she always carries.', 'TRAIT').includes('silver whistle she always carries'));
  assert.ok(found('Our librarian whistles sea shanties every morning while she shelves books.', 'TRAIT').includes('whistles sea shanties every morning while she shelves books'));
  assert.ok(found('He is known around the harbour for feeding the gulls from his hat.', 'TRAIT').includes('feeding the gulls from his hat'));
  assert.ok(found('He speaks with a pronounced stammer.', 'TRAIT').some((s) => s.startsWith('speaks with a pronounced stammer')));
});

test('heights carry the description that follows', () => {
  assert.ok(found('Easy to spot: six feet five, with a braided red beard.', 'TRAIT').includes('six feet five, with a braided red beard'));
});

test('trait hard negatives', () => {
  for (const text of [
    'She wore a coat and brought two glasses of water.',
    'The new tattoo parlour on Main Street opens Monday.',
    'He likes coffee and goes to the gym every day.',
    'The man had black hair and a grey beard.',
    'Scars, marks, tattoos: none recorded.',
    'Thanks again for talking with us on Monday.',
    'She visits me every week and calls her sister every day.',
    'He wore a Yankees cap.',
    'The patient takes metformin every morning.',
    'He is best known for the theory of optimal stopping.',
  ]) assert.deepEqual(found(text, 'TRAIT'), [], text);
});

test('events: storms, "Fall of", lower-case city events, places left out', () => {
  assert.ok(found('The roof was lost in Hurricane Katrina.', 'EVENT').includes('Hurricane Katrina'));
  assert.ok(found('They fled after the Fall of Kabul.', 'EVENT').includes('Fall of Kabul'));
  assert.ok(found('omg i finally ran the chicago marathon in 2019', 'EVENT').includes('chicago marathon'));
  assert.ok(found('She competed at the 2008 Summer Olympics in Beijing.', 'EVENT').includes('2008 Summer Olympics'));
  assert.ok(found('She raced at the Prefontaine Classic in Eugene.', 'EVENT').includes('Prefontaine Classic'));
  assert.ok(found('We went to the annual Harvest Festival in October.', 'EVENT').includes('Harvest Festival'));
  assert.ok(found('My first hackathon, ByteJam 2021, was a blast.', 'EVENT').includes('ByteJam 2021'));
});

test('event hard negatives', () => {
  for (const text of ['The storm knocked out power in March.', 'We walked around the big city fair and square.', 'The Storm of emotions passed.']) {
    assert.deepEqual(found(text, 'EVENT'), [], text);
  }
});

test('achievements: invited talks, qualifying, trailing place and time left out', () => {
  assert.ok(found('In 2018 she was a plenary speaker at the International Congress on Acoustics.', 'ACHIEVEMENT').includes('was a plenary speaker at the International Congress on Acoustics'));
  assert.ok(found('He qualified for the 2020 Olympic Games.', 'ACHIEVEMENT').includes('qualified for the 2020 Olympic Games'));
  assert.ok(found('She won the silver medal at the 2014 Commonwealth Games in Glasgow.', 'ACHIEVEMENT').includes('won the silver medal at the 2014 Commonwealth Games'));
  assert.ok(found('He won the boys\' under-14 title at the State Chess Championship.', 'ACHIEVEMENT').includes("won the boys' under-14 title at the State Chess Championship"));
  assert.ok(found('She was named Rookie of the Year.', 'ACHIEVEMENT').includes('named Rookie of the Year'));
});

test('achievement hard negatives', () => {
  for (const text of ['My landlord is a guy named Derek Hall.', 'The price climbed more than 40 points in a year.', 'He got pinned in the first round.', 'The plan earned its keep.', 'She was named Head of Marketing.']) {
    assert.deepEqual(found(text, 'ACHIEVEMENT'), [], text);
  }
});
