import { test } from 'node:test';
import assert from 'node:assert/strict';
import { offsetFrom, shiftDateText } from '../../../src/redact/surrogate/dates.js';
import { Keyed } from '../../../src/redact/surrogate/keyed.js';

test('every written form is kept while the date moves', () => {
  assert.equal(shiftDateText('03/14/2023', 49), '05/02/2023');
  assert.equal(shiftDateText('14/03/2023', 49), '02/05/2023');
  assert.equal(shiftDateText('5/3/2021', 49), '6/21/2021');
  assert.equal(shiftDateText('2023-03-14T10:30', 49), '2023-05-02T10:30');
  assert.equal(shiftDateText('14.03.23', 49), '02.05.23');
  assert.equal(shiftDateText('14 March 2023', 49), '2 May 2023');
  assert.equal(shiftDateText('March 14th, 2023', 49), 'May 2nd, 2023');
  assert.equal(shiftDateText('MARCH 3, 2020', 49), 'APRIL 21, 2020');
  assert.equal(shiftDateText('Jan. 5', 49), 'Feb. 23');
  assert.equal(shiftDateText('12 de marzo de 2019', 49), '30 de abril de 2019');
  assert.equal(shiftDateText("Mar '19", 49), "May '19");
});

test('weekdays are recomputed; month-and-year and bare years move by whole months and years', () => {
  // 14 March 2023 was a Tuesday; 50 days later is Wednesday 3 May.
  assert.equal(shiftDateText('Tuesday, 14 March 2023', 50), 'Wednesday, 3 May 2023');
  assert.equal(shiftDateText('March 2023', -5), 'February 2023');
  assert.equal(shiftDateText('1998', 40), '1999');
  assert.equal(shiftDateText('1998-2002', -200), '1997-2001');
  assert.equal(shiftDateText('12-15 March 2019', 49), '30 April-3 May 2019');
});

test('intervals between dates are kept exactly', () => {
  const day = (s: string) => Date.UTC(Number(s.slice(6)), Number(s.slice(0, 2)) - 1, Number(s.slice(3, 5)));
  for (const offset of [-300, -17, 1, 45, 364]) {
    const a = shiftDateText('01/30/2020', offset)!;
    const b = shiftDateText('03/02/2020', offset)!;
    assert.equal((day(b) - day(a)) / 86_400_000, 32);
  }
});

test('a text with no date form is not shifted (the operator then tags it)', () => {
  assert.equal(shiftDateText('the day after', 10), undefined);
  assert.equal(shiftDateText('yesterday', 10), undefined);
});

test('offsets: never zero, within the range, whole weeks when weekdays must stay', () => {
  const keyed = new Keyed('offsets');
  for (let i = 0; i < 200; i++) {
    const d = offsetFrom(keyed.stream('o', String(i)), 30, false);
    assert.ok(d !== 0 && Math.abs(d) <= 30);
    const w = offsetFrom(keyed.stream('w', String(i)), 365, true);
    assert.ok(w !== 0 && w % 7 === 0 && Math.abs(w) <= 364);
  }
});
