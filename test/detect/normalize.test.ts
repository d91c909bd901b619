import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize, toOriginalRange } from '../../src/detect/normalize.js';

/** The original text behind a range of the normalised view. */
function back(original: string, start: number, end: number): string {
  const [s, e] = toOriginalRange(normalize(original), start, end);
  return original.slice(s, e);
}

test('zero-width characters and soft hyphens are dropped, offsets still map back', () => {
  const original = 'Call Ma\u200Bria at home, ex\u00ADtension';
  const view = normalize(original);
  assert.equal(view.text, 'Call Maria at home, extension');
  const i = view.text.indexOf('Maria');
  assert.equal(back(original, i, i + 5), 'Ma\u200Bria');
  assert.equal(view.toOriginal.length, view.text.length + 1);
  assert.equal(view.toOriginal[view.text.length], original.length);
});

test('full-width ASCII, Unicode dashes and spaces are folded', () => {
  assert.equal(normalize('ＡＢＣ１２３').text, 'ABC123');
  assert.equal(normalize('413\u2013555\u20140182').text, '413-555-0182');
  assert.equal(normalize('a\u00A0b\u2009c\u3000d').text, 'a b c d');
});

test('bracketed and word forms of "at" and "dot" in e-mail addresses collapse', () => {
  assert.equal(normalize('john [at] gmail [dot] com').text, 'john@gmail.com');
  assert.equal(normalize('john(at)gmail(dot)com').text, 'john@gmail.com');
  assert.equal(normalize('mail rosa at example dot org now').text, 'mail rosa@example.org now');
  assert.equal(normalize('mail rosa at mail dot example dot org').text, 'mail rosa@mail.example.org');
  assert.equal(normalize('write jo at gmail.com').text, 'write jo@gmail.com');
});

test('the word "at" in prose is left alone', () => {
  const prose = 'We met at noon. Visit us at acme.com or stay at home dot.';
  assert.equal(normalize(prose).text, prose);
});

test('runs of single spaced digits close up; each digit keeps its own offset', () => {
  const original = 'call 4 1 3 5 5 5 0 1 8 2 now';
  const view = normalize(original);
  assert.equal(view.text, 'call 4135550182 now');
  const i = view.text.indexOf('4135550182');
  assert.equal(back(original, i, i + 10), '4 1 3 5 5 5 0 1 8 2');
});

test('short digit lists and multi-digit groups are not closed up', () => {
  assert.equal(normalize('numbers 3, 11 and 1 2 3 4').text, 'numbers 3, 11 and 1 2 3 4');
  assert.equal(normalize('+353 86 555 0193').text, '+353 86 555 0193');
});

test('an empty string maps to an empty view', () => {
  const view = normalize('');
  assert.equal(view.text, '');
  assert.deepEqual([...view.toOriginal], [0]);
});

test('100 KB of adversarial input normalises in one pass', { timeout: 20_000 }, () => {
  const chunks = ['1 '.repeat(20_000), ' at '.repeat(5_000), '[at]'.repeat(5_000), '\u200B'.repeat(10_000), 'x dot '.repeat(5_000)];
  for (const chunk of chunks) {
    const view = normalize(chunk);
    assert.equal(view.toOriginal.length, view.text.length + 1);
  }
});

/** Every character of the view maps back to the original character it came from. */
function assertMapsBack(original: string, view: ReturnType<typeof normalize>): void {
  assert.equal(view.toOriginal.length, view.text.length + 1);
  assert.equal(view.toOriginalEnd.length, view.text.length);
  for (let i = 0; i < view.text.length; i++) {
    assert.ok(view.toOriginal[i] < view.toOriginalEnd[i], `char ${i} has an empty source`);
    assert.ok(i === 0 || view.toOriginal[i] >= view.toOriginal[i - 1], 'map is monotone');
  }
}

test('invisible characters of every kind are dropped and mark the view evasive', () => {
  for (const mark of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u202E', '\u2066', '\uFE0F', '\u034F']) {
    const original = `Ro${mark}sa Ke${mark}ller`;
    const view = normalize(original);
    assert.equal(view.text, 'Rosa Keller', `U+${mark.charCodeAt(0).toString(16)}`);
    assert.equal(view.evasive, true);
    assertMapsBack(original, view);
  }
  // A byte-order mark at the start of a file is not an evasion.
  assert.equal(normalize('\uFEFFDear Sir').evasive, false);
  assert.equal(normalize('plain text \u2013 with a dash').evasive, false);
});

test('combining marks stacked on ASCII letters are dropped', () => {
  assert.equal(normalize('J\u0336o\u0336h\u0336n\u0336 Doe').text, 'John Doe');
});

test('styled letters and digits fold to ASCII; astral sources map to both UTF-16 units', () => {
  const bold = '\u{1D403}\u{1D41A}\u{1D427}\u{1D41A}'; // mathematical bold "Dana"
  const original = `signed ${bold} today`;
  const view = normalize(original);
  assert.equal(view.text, 'signed Dana today');
  const i = view.text.indexOf('Dana');
  assert.equal(back(original, i, i + 4), bold);
  assert.equal(normalize('\u2463\u2466\u2461-\u2467\u2467').text, '472-88');
  assert.equal(normalize('x\u00B2 \uFF20 \uFE6B').text, 'x2 @ @');
  assert.equal(normalize('\u0664\u0661\u0663-\u096F\u0966').text, '413-90'); // Arabic-Indic and Devanagari digits
  assert.equal(view.evasive, true);
});

test('Cyrillic and Greek look-alikes fold inside Latin words and next to Latin words', () => {
  assert.equal(normalize('J\u043Ehn Sm\u0456th').text, 'John Smith');
  assert.equal(normalize('\u0399van Petrov').text, 'Ivan Petrov'); // Greek capital iota stays a capital I
  assert.equal(normalize('\u041E\u043B\u0433\u0430 Novak').text, '\u041E\u043B\u0433\u0430 Novak'); // "г" has no look-alike: a Russian word
  assert.equal(normalize('visit \u0421\u043E\u0441\u043E now').text, 'visit Coco now');
  // A wholly Cyrillic text is left alone.
  const russian = '\u0421\u043E\u0441\u043E \u0438 \u043C\u0430\u043C\u0430';
  assert.equal(normalize(russian).text, russian);
  assert.equal(normalize(russian).evasive, false);
});

test('letters inside numbers become digits', () => {
  assert.equal(normalize('SSN 219-63-448O').text, 'SSN 219-63-4480');
  assert.equal(normalize('call 4l3-555-O182').text, 'call 413-555-0182');
  assert.equal(normalize('ZIP 1O and HOLO, 18lo').text, 'ZIP 1O and HOLO, 18lo'); // one digit, no digit, or as many letters as digits: words
});

test('obfuscated e-mail addresses of every form collapse', () => {
  const cases: Array<[string, string]> = [
    ['mail jane.doe @ gmail.com now', 'mail jane.doe@gmail.com now'],
    ['jane.doe@ gmail.com', 'jane.doe@gmail.com'],
    ['ana . silva @ gmail . com', 'ana.silva@gmail.com'],
    ['kofi dot mensah at gmail dot com', 'kofi.mensah@gmail.com'],
    ['hugo.lambert AT hotmail DOT fr', 'hugo.lambert@hotmail.fr'],
    ['lena.fischer{at}web.de', 'lena.fischer@web.de'],
    ['chen.wei [@] qq [.] com', 'chen.wei@qq.com'],
    ['j.kowalski <at> wp <dot> pl', 'j.kowalski@wp.pl'],
    ['mailto:raj.patel%40fastmail.com', 'mailto:raj.patel@fastmail.com'],
    ['daniel.okoro@\ngmail.com', 'daniel.okoro@gmail.com'],
    ['sam.rey@gmail.\ncom', 'sam.rey@gmail.com'],
    ['marguerite.dubois@out-\nlook.com', 'marguerite.dubois@outlook.com'],
    ['jane%2Edoe%40gmail%2Ecom', 'jane.doe@gmail.com'],
    ['mail: j a n e . d o e @ g m a i l . c o m ok', 'mail: jane.doe@gmail.com ok'],
  ];
  for (const [input, expected] of cases) assert.equal(normalize(input).text, expected, input);
  const original = 'write kofi dot mensah at gmail dot com today';
  const view = normalize(original);
  const i = view.text.indexOf('kofi.mensah@gmail.com');
  assert.equal(back(original, i, i + 'kofi.mensah@gmail.com'.length), 'kofi dot mensah at gmail dot com');
});

test('"at", "@" and dots in prose are left alone', () => {
  for (const prose of [
    'email me @ home. Then we talk',
    'look at acme dot com',
    'we arrive at 5 . Then',
    'price @ 5.99 each',
    'see you at the office dot',
    'I taught myself at school. My mother helped',
    'we moved at 84. At the time',
    'write to ana.k@outlook.com. Patient is stable',
  ]) {
    assert.equal(normalize(prose).text, prose);
  }
});

test('offsets stay exact through folding, look-alikes and replacements together', () => {
  const original = '\uFF2Aane\u200B.d\u043Ee [at] gmail (dot) com, call \uFF14 1 \uFF13 5 5 5 0 1 8 2';
  const view = normalize(original);
  assert.equal(view.text, 'Jane.doe@gmail.com, call 4135550182');
  assertMapsBack(original, view);
  const i = view.text.indexOf('Jane.doe@gmail.com');
  assert.equal(back(original, i, i + 18), '\uFF2Aane\u200B.d\u043Ee [at] gmail (dot) com');
});
