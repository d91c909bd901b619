import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanDates, parseDate } from '../../../src/detect/recognizers/dates/scanner.js';

/** The dates found in `text`, as the strings they cover. */
function found(text: string, bareYears = false): string[] {
  return scanDates(text, { bareYears }).map((d) => text.slice(d.start, d.end));
}

test('numeric dates in day-first, month-first and ISO order', () => {
  assert.deepEqual(found('Seen 14/03/2023, then 03.04.2021 and on 2021-05-06.'), ['14/03/2023', '03.04.2021', '2021-05-06']);
  assert.deepEqual(found('Follow-up 3/4/19 in clinic.'), ['3/4/19']);
  const iso = parseDate('2021-05-06');
  assert.equal(iso?.year, 2021);
  assert.equal(iso?.month, 5);
  assert.equal(iso?.day, 6);
  // 14/03: the day comes first, so the month is certain; 03/04 could be either.
  assert.equal(parseDate('14/03/2023')?.month, 3);
  assert.equal(parseDate('03/04/2021')?.month, undefined);
  assert.equal(parseDate('03/04/2021')?.year, 2021);
});

test('written dates in English, French, German, Spanish, Italian, Dutch and Portuguese', () => {
  const cases: Array<[string, string]> = [
    ['The hearing was on 12 March 2019 in the afternoon.', '12 March 2019'],
    ['It closed on March 12th, 2017, after a vote.', 'March 12th, 2017'],
    ['It was the 4th of July, 1998 when they met.', '4th of July, 1998'],
    ['Le 1er mars 2019, la cour a statué.', '1er mars 2019'],
    ['Am 3. März 2019 wurde entschieden.', '3. März 2019'],
    ['El 12 de marzo de 2019 se presentó.', '12 de marzo de 2019'],
    ['Il 12 marzo 2019 la corte ha deciso.', '12 marzo 2019'],
    ['Op 12 maart 2019 besliste de rechter.', '12 maart 2019'],
    ['Em 12 de março de 2019 foi decidido.', '12 de março de 2019'],
    ['Em 12 de marco de 2019 foi decidido.', '12 de marco de 2019'],
  ];
  for (const [text, date] of cases) assert.deepEqual(found(text), [date], text);
  assert.equal(parseDate('12 de março de 2019')?.month, 3);
  assert.equal(parseDate('3. März 2019')?.day, 3);
});

test('month and year, day and month, abbreviations with a dot', () => {
  assert.deepEqual(found('She moved in May 2019 and left in Sept. 2020.'), ['May 2019', 'Sept. 2020']);
  assert.deepEqual(found('It was due on 5 May, and again on June 14.'), ['5 May', 'June 14']);
  assert.deepEqual(found('Ab Okt. 2020 und bis marzo de 2021.'), ['Okt. 2020', 'marzo de 2021']);
});

test('ranges, times and weekdays stay one span', () => {
  assert.deepEqual(found('The trial ran 5-7 October 2004 and resumed.'), ['5-7 October 2004']);
  assert.deepEqual(found('He stayed from 12 March to 3 April 2020 with them.'), ['12 March to 3 April 2020']);
  assert.deepEqual(found('Between March-May 2018 nothing happened.'), ['March-May 2018']);
  assert.deepEqual(found('She testified on 21 September 2004 at 10.30 a.m. before the judge.'), ['21 September 2004 at 10.30 a.m.']);
  assert.deepEqual(found('Logged 2021-05-06T14:05:00Z by the server.'), ['2021-05-06T14:05:00Z']);
  assert.deepEqual(found('Seen 12/03/2019 10:45 in the ward.'), ['12/03/2019 10:45']);
  assert.deepEqual(found('On Monday, 7 June 2021 she was discharged.'), ['Monday, 7 June 2021']);
  assert.deepEqual(found('Am Montag, 7. Juni 2021 um 10 Uhr.'), ['Montag, 7. Juni 2021 um 10 Uhr']);
  const range = parseDate('12 March to 3 April 2020');
  assert.equal(range?.year, 2020);
  assert.equal(range?.endMonth, 4);
});

test('dates written in words', () => {
  assert.deepEqual(found('It began on the twelfth of March 2019 at dawn.'), ['twelfth of March 2019']);
  assert.deepEqual(found('We meet on the twenty-first of June.'), ['twenty-first of June']);
  assert.deepEqual(found('Le premier mai, tout est fermé.'), ['premier mai']);
  assert.equal(parseDate('twenty-first of June')?.day, 21);
});

test('words and numbers that are no dates', () => {
  assert.deepEqual(found('She may 5 times ask; we march 3 miles; the first of these.'), []);
  assert.deepEqual(found('Version 1.2.3, host 10.12.1.1, ratio 3/4, 5 out of 6, score 31/40/2.'), []);
  assert.deepEqual(found('February 30, 2019 and 31/02/2019 do not exist.'), []);
  assert.deepEqual(found('He was 12 in set 2019 and out 2018.'), []);
  assert.deepEqual(found('Application no. 12345/98 was lodged.'), []);
});

test('bare years only when asked, and not references, sums or counts', () => {
  const text = 'In 1998 she paid 2000 euros under Article 1950; between 1998 and 2002; in 1998/99.';
  assert.deepEqual(found(text), []);
  assert.deepEqual(found(text, true), ['1998', '1998 and 2002', '1998/99']);
  const r = parseDate('1998/99');
  assert.equal(r?.year, 1998);
  assert.equal(r?.endYear, 1999);
});

test('a long run of dates and near-dates: each date found once, in order, none overlapping', () => {
  // 12/33/14 is no date in either order; "may" is lower case; 1234 is no year without bareYears.
  const unit = 'On 12 March 2019 at 10.30 a.m. 1234 may 12/33/14 ';
  const text = unit.repeat(2000);
  const dates = scanDates(text);
  assert.equal(dates.length, 2000);
  for (let i = 1; i < dates.length; i++) assert.ok(dates[i].start >= dates[i - 1].end);
});

test('month names in capitals and with letters outside ASCII, after letters of other scripts', () => {
  const spans = (t: string) => scanDates(t).map((d) => t.slice(d.start, d.end));
  assert.deepEqual(spans('Termin am 12. März 2019 um 10 Uhr'), ['12. März 2019 um 10 Uhr']);
  assert.deepEqual(spans('rendez-vous le 3 AOÛT 2021'), ['3 AOÛT 2021']);
  assert.deepEqual(spans('MONDAY, 12 MARCH 2019'), ['MONDAY, 12 MARCH 2019']);
  assert.deepEqual(spans('on the twenty-first of March 2019'), ['twenty-first of March 2019']);
  // A digit glued to a word is not a day; a letter outside the BMP is a word of its own.
  assert.deepEqual(spans('ref x12 May 2019'), ['May 2019']);
  assert.deepEqual(spans('\u{1D400} May 2019'), ['May 2019']);
  assert.deepEqual(spans('Marching Mayors 2019'), []);
});
