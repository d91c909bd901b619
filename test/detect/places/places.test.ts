import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/detect/analyzer.js';
import { DetectionContext } from '../../../src/detect/context.js';
import { findPlaces } from '../../../src/detect/recognizers/places/places.js';

const analyzer = new Analyzer({ labels: ['LOCATION'] });
/** Candidates of the place recognizer alone (without the statistical tagger). */
const own = (text: string) => findPlaces(new DetectionContext(text), 'balanced').map((c) => text.slice(c.start, c.end));
// The recognizers' own decisions: the recall-first stage (tested in test/detect/recall/) flags unknown capitalised words anyway.
const places = (text: string) => analyzer.analyzeSync(text).filter((s) => s.label === 'LOCATION' && !s.source.includes('recall-first')).map((s) => s.text);

test('cities, states and countries', () => {
  assert.deepEqual(places('He works at a cold-storage plant in Toledo.'), ['Toledo']);
  assert.deepEqual(places('She was transferred from Atlanta to the Boston office.'), ['Atlanta', 'Boston']);
  assert.deepEqual(places('The family moved from Nigeria to Manitoba in 2016.'), ['Nigeria', 'Manitoba']);
  assert.deepEqual(places('Our team is based in Austin, TX and ships worldwide.'), ['Austin, TX']);
});

test('geographic sites and counties', () => {
  assert.deepEqual(places('We hiked past Lake Tahoe and camped near Cedar Creek.'), ['Lake Tahoe', 'Cedar Creek']);
  assert.deepEqual(places('The farm lies in Berkshire County.'), ['Berkshire County']);
  assert.deepEqual(places('They walked along the Charles River at dawn.'), ['Charles River']);
});

test('ambiguous names need a place cue', () => {
  assert.deepEqual(places('Florence Nightingale changed nursing.'), []);
  assert.deepEqual(places('Mobile phones are not allowed. Reading is encouraged.'), []);
  assert.deepEqual(places('Add one tbsp of Dijon mustard to the pastry.'), []);
  assert.deepEqual(places('We spent a week in Florence.'), ['Florence']);
});

test('a qualifier after a city belongs to the same span', () => {
  assert.deepEqual(own('Having grown up in Turku, Finland, she reads Finnish.'), ['Turku, Finland']);
  assert.deepEqual(own('Branch: Broken Arrow, OK  Customer since 2011.'), ['Broken Arrow, OK']);
  assert.deepEqual(own('They retired to Mesa, Arizona when the kids left.'), ['Mesa, Arizona']);
});

test('landmarks named by a feature word, and "Lake of the ..." names', () => {
  assert.deepEqual(own('The school trip to the Griffith Observatory is on Friday.'), ['Griffith Observatory']);
  assert.deepEqual(own('Pick us up at Bradley International Airport after six.'), ['Bradley International Airport']);
  assert.deepEqual(own('We ran past Lake of the Isles at mile twenty.'), ['Lake of the Isles']);
  assert.deepEqual(own('Pirates stopped the boat in the Gulf of Thailand.'), ['Gulf of Thailand']);
  assert.deepEqual(own('The reception is at the Missouri Botanical Garden.'), ['Missouri Botanical Garden']);
});

test('neighbourhoods and districts named before an area word', () => {
  assert.deepEqual(own('They rent a flat in the Ashcombe-Fenwick neighborhood, near the park.'), ['Ashcombe-Fenwick']);
  assert.deepEqual(own('He studies air quality in the Vilanova and Sarrià neighbourhoods.'), ['Vilanova', 'Sarrià']);
  assert.deepEqual(own('Parking is free in the Service area and on Monday area roads.'), []);
});

test('places in informal lower-case text after a cue', () => {
  assert.deepEqual(own('i fly to da nang on may 3 to see my mum'), ['da nang']);
  assert.deepEqual(own('is he still in rotterdam or did he land?'), ['rotterdam']);
  assert.deepEqual(own('we are in general agreement and going to reading group'), []);
  assert.deepEqual(own('i was in turkey for a week, then to jordan for two'), []);
});

test('unknown place names after a strong cue, and "X-based"', () => {
  assert.deepEqual(own('The family farm near Ouwerkerk was flooded in 1953.'), ['Ouwerkerk']);
  assert.deepEqual(own('She runs a Denver-based nonprofit.'), ['Denver']);
  assert.deepEqual(own('In March we met in Kestrelwood Holdings boardroom.'), []);
});

test('hard negatives: products, months, labels, abbreviations', () => {
  assert.deepEqual(own('Serve it with French fries and a Turkey sandwich.'), []);
  assert.deepEqual(own('Grandma left us her China cabinet and a jar of Dijon mustard.'), []);
  assert.deepEqual(own('A splash of Normandy cider goes into the filling.'), []);
  assert.deepEqual(own('He was sanding the bumper in Bay 3 when the lamp fell.'), []);
  assert.deepEqual(own('We met in January, and again in May, on a Monday.'), []);
  assert.deepEqual(own('Westbound on State Highway 29 the truck slowed.'), []);
  assert.deepEqual(own('She became a Minneapolis legend after the race.'), ['Minneapolis']);
});

test('adversarial input runs in linear time', { timeout: 30_000 }, () => {
  const chunks = ['1234567890', '....', '@@@@', '----', '    ', 'Lake Lake Lake ', 'Aaa Bbb Ccc ', 'in the ', ', TX, ', 'of the '];
  for (const c of chunks) {
    const text = c.repeat(Math.ceil(100_000 / c.length));
    // A quadratic pattern would take minutes on 100 KB and hit the test's timeout.
    assert.ok(Array.isArray(findPlaces(new DetectionContext(text), 'recall')));
  }
});
