import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../../src/detect/context.js';
import { addressRecognizers } from '../../../src/detect/recognizers/address/index.js';

const [recognizer] = addressRecognizers({ profile: 'balanced' });

function found(text: string): string[] {
  const out = recognizer.detect(new DetectionContext(text));
  if (out instanceof Promise) throw new Error('address recognizer must be synchronous');
  return out.map((c) => text.slice(c.start, c.end));
}

test('US street address with unit, city, state and ZIP+4 is one span', () => {
  assert.deepEqual(found('Please ship the parts to 5521 Ridgeview Blvd, Ste 140, Boise, ID 83709-1122 by Friday.'), [
    '5521 Ridgeview Blvd, Ste 140, Boise, ID 83709-1122',
  ]);
});

test('directional prefixes and suffixes, ordinal street names', () => {
  assert.deepEqual(found('Mail goes to 930 W. 41st St NE, Apt 2C, Tulsa, OK 74107.'), ['930 W. 41st St NE, Apt 2C, Tulsa, OK 74107']);
  assert.deepEqual(found('PROPERTY: 71 SW 3RD AVE, GAINESVILLE FL 32601'), ['71 SW 3RD AVE, GAINESVILLE FL 32601']);
});

test('city line on the next line joins the street line', () => {
  assert.deepEqual(found('Mr. Owen Price\n402 Cypress Hollow Road\nMacon, GA 31204\n\nDear Mr. Price,'), [
    '402 Cypress Hollow Road\nMacon, GA 31204',
  ]);
});

test('street without city, ending a clause', () => {
  assert.deepEqual(found("We're staying at 18 Chestnut Close, right by the park."), ['18 Chestnut Close']);
});

test('PO boxes', () => {
  assert.deepEqual(found('Send the form to P.O. Box 4471, Helena, MT 59604.'), ['P.O. Box 4471, Helena, MT 59604']);
});

test('UK addresses: flat, street, town and postcode', () => {
  assert.deepEqual(found('Her new place is Flat 2, 9 Albion Terrace, Bristol BS2 8LP, near the docks.'), [
    'Flat 2, 9 Albion Terrace, Bristol BS2 8LP',
  ]);
});

test('Irish address with county and Eircode, starting at the unit', () => {
  assert.deepEqual(found('Surgery: Unit 7, Bridge Street, Mallow, Co. Cork, P51 W2D6'), ['Unit 7, Bridge Street, Mallow, Co. Cork, P51 W2D6']);
});

test('Canadian address with province and postal code', () => {
  assert.deepEqual(found('Forward it to 310 King St W, Suite 500, Toronto, ON M5V 1J5, Canada.'), [
    '310 King St W, Suite 500, Toronto, ON M5V 1J5, Canada',
  ]);
});

test('German addresses: compound street, separate Straße, postcode before city', () => {
  assert.deepEqual(found('Lieferung an Bergmannstraße 47, 10961 Berlin bitte.'), ['Bergmannstraße 47, 10961 Berlin']);
  assert.deepEqual(found('Büro: Frankfurter Allee 3a, 60311 Frankfurt am Main'), ['Frankfurter Allee 3a, 60311 Frankfurt am Main']);
});

test('Indian address anchored on the PIN', () => {
  assert.deepEqual(found('Office: Plot 22, Sector 18, Udyog Vihar, Gurugram 122015'), ['Plot 22, Sector 18, Udyog Vihar, Gurugram 122015']);
});

test('labelled address field', () => {
  assert.deepEqual(found('Name: T. Okafor\nMailing address: Apartado 118, 28080 Madrid\nPhone: 555-0100'), ['Apartado 118, 28080 Madrid']);
});

test('bare postcode named by its label', () => {
  assert.deepEqual(found('Customer ZIP code: 30309, card ending 4411'), ['30309']);
});

test('near misses are not addresses', () => {
  for (const text of [
    'The ward moved to 5 West after Room 512 flooded.',
    'We shipped 2200 units and 40 Boxes last quarter.',
    'They drove Highway 61 all the way to the river in 2019.',
    'In 1998 Park Avenue looked very different.',
    'He paid $450 Main Street prices for a studio.',
    'Email address: someone@example.org',
    'Call TEL (614) 555-0173 for results.',
    'Ticket 560041 was closed.',
    'She finished 3 Hill sprints before lunch.',
  ]) {
    assert.deepEqual(found(text), [], text);
  }
});

test('a house number starts after a blank, not inside a number, an amount or a word', () => {
  assert.deepEqual(found('Deliver to 4410 Quarry Lane today.'), ['4410 Quarry Lane']);
  assert.deepEqual(found('Paid $4410 Quarry Lane fees and #4410 Quarry Lane dues, code A4410 Quarry Lane.'), []);
  // A Wisconsin grid number starts with its direction letter; a second number in the same run is not a new start.
  assert.deepEqual(found('Farm at N4521 County Road since spring.'), ['N4521 County Road']);
  assert.deepEqual(found('Lot 12-14 Harbor Street was sold.'), ['12-14 Harbor Street']);
});

test('name-first streets: the number after the street word, not a year and not a number glued to the word', () => {
  assert.deepEqual(found('Send it to Lindenstraße 42 please.'), ['Lindenstraße 42']);
  assert.deepEqual(found('Visit Calle Río Bravo 318 next week.'), ['Calle Río Bravo 318']);
  assert.deepEqual(found('Lindenstraße(42) no.'), []);
  assert.deepEqual(found('We met at the Lindenstraße 2019 fair.'), []);
});

test('the scans for house numbers jump from digit run to digit run and still find every start', () => {
  // "Room 12" is no house number; "N4521" glued to an "S" starts none; "E1234" after a blank does.
  assert.deepEqual(found('Room 12 Main Street, SN4521 County Road, E1234 Lake Road'), ['E1234 Lake Road']);
  // After a name-first street: its number written "No 7", and a plain one later in the text.
  assert.deepEqual(found('Bahnhofstraße No 7 and Bahnhofstraße 8b'), ['Bahnhofstraße No 7', 'Bahnhofstraße 8b']);
});
