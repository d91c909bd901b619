import { test } from 'node:test';
import assert from 'node:assert/strict';
import { valueTokens, viewText } from '../../src/reid/text.js';
import { countryOccurrences, dateOccurrences, givenNameGroups, numberOccurrences } from '../../src/reid/variants.js';

const keys = (found: { key: string }[], prefix: string) => found.map((o) => o.key).filter((k) => k.startsWith(prefix));
const dates = (text: string) => dateOccurrences(viewText(text).tokens);

test('one date in seven written forms gives the same full-date key', () => {
  for (const text of ['born 3 March 1985', 'born March 3, 1985', 'born on the 3rd of March, 1985', 'on 1985-03-03', 'on Mar. 3 1985', 'March 3rd 1985', 'on 03/03/1985']) {
    assert.ok(keys(dates(text), 'd:').includes('d:1985-03-03'), text);
  }
});

test('partial dates: month and year, day and month, a year alone; numeric dates read both ways', () => {
  assert.deepEqual(keys(dates('in May 1991'), 'ym:'), ['ym:1991-05']);
  assert.deepEqual(keys(dates('in May 1991'), 'd:'), []);
  assert.deepEqual(keys(dates('her birthday is July 14.'), 'md:'), ['md:07-14']);
  assert.deepEqual(keys(dates('She may go.'), 'ym:').concat(keys(dates('She may go.'), 'md:')), [], '"may" alone is not a month');
  assert.deepEqual(keys(dates('on 04/05/1990'), 'd:').sort(), ['d:1990-04-05', 'd:1990-05-04']);
  assert.deepEqual(keys(dates('on 30/01/1962'), 'd:'), ['d:1962-01-30'], 'only the valid reading');
  assert.deepEqual(keys(dates('on 31 February 2001'), 'd:'), [], 'no such day');
  assert.deepEqual(keys(dates('since 2009 and 1 man'), 'y:'), ['y:2009']);
});

test('a masked part leaves the rest of a date readable, and nothing joins across the mask', () => {
  const view = viewText('born 3 [MASK] 1985');
  assert.deepEqual(dateOccurrences(view.tokens).map((o) => o.key), ['y:1985']);
  const dayMasked = viewText('born [MASK] March 1985');
  assert.deepEqual(dateOccurrences(dayMasked.tokens).map((o) => o.key).sort(), ['y:1985', 'ym:1985-03']);
});

test('numbers in digits, words and groups', () => {
  const nums = (text: string) => numberOccurrences(viewText(text).tokens).map((o) => o.key);
  assert.deepEqual(nums('she has two children'), ['num:2']);
  assert.deepEqual(nums('twenty-one years'), ['num:21']);
  assert.deepEqual(nums('1,250 staff and 3.50 dollars'), ['num:1250', 'num:3.5']);
  assert.ok(nums('call 555 0142 77').includes('dg:555014277'));
  assert.ok(nums('call 555-0142-77').includes('dg:555014277'));
  assert.deepEqual(nums('the 4th time'), ['num:4']);
});

test('countries by name, alias or demonym; short aliases only in capitals', () => {
  const codes = (text: string) => countryOccurrences(viewText(text).tokens).map((o) => o.key);
  assert.deepEqual(codes('She is French.'), ['c:FR']);
  assert.deepEqual(codes('born in France'), ['c:FR']);
  assert.deepEqual(codes('a Norwegian teacher'), ['c:NO']);
  assert.deepEqual(codes('moved to the United Kingdom'), ['c:GB']);
  assert.deepEqual(codes('lives in the US'), ['c:US']);
  assert.deepEqual(codes('tell us more'), [], 'the pronoun is not the country');
  assert.deepEqual(countryOccurrences(valueTokens('Lyon, France')).map((o) => o.key), ['c:FR']);
});

test('given names: short forms map to the full names they stand for', () => {
  assert.deepEqual(givenNameGroups('bill'), ['william']);
  assert.deepEqual(givenNameGroups('william'), ['william']);
  assert.ok(givenNameGroups('chris').includes('christopher') && givenNameGroups('chris').includes('christina'));
  assert.deepEqual(givenNameGroups('ada'), []);
});
