import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertionAt, nextAccepted, notLetterBefore, notLetterOrDigitBefore, notNumberPartBefore } from '../../../src/detect/recognizers/demographic/scan.js';

/** Matches of a global regex, as [index, text] pairs. */
function all(re: RegExp, text: string, next: (re: RegExp, text: string) => RegExpExecArray | null): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  re.lastIndex = 0;
  for (let m = next(re, text); m; m = next(re, text)) out.push([m.index, m[0]]);
  return out;
}

const TEXTS = [
  "Aged 47, she is 34. aged9 aged 9 Xaged 5 éaged 6 𝐀aged 7 3aged 8, -12 yo, 1.5 yo, /6yo, 7yo",
  "I'm trans, he is trans. transition, iamtrans, it's trans! so, trans",
];

test('a lookbehind tested in code gives the matches of the regex that starts with it', () => {
  const cases: Array<[RegExp, RegExp, (t: string, i: number) => boolean]> = [
    [/(?<![\p{L}])aged[ \t]\d+/giu, /aged[ \t]\d+/giu, notLetterBefore],
    [/(?<![\p{L}\p{N}])aged[ \t]\d+/giu, /aged[ \t]\d+/giu, notLetterOrDigitBefore],
    [/(?<![\p{L}\p{N}.,/-])\d{1,3}[ \t]?yo/giu, /\d{1,3}[ \t]?yo/giu, notNumberPartBefore],
    [/(?<=(?:\b(?:i'?m|am|is)|,)[ \t]+)trans(?=[ \t]*(?:[,.!]|$))/giu, /trans(?=[ \t]*(?:[,.!]|$))/giu, assertionAt(/(?<=(?:\b(?:i'?m|am|is)|,)[ \t]+)/iuy)],
  ];
  for (const text of TEXTS) {
    for (const [whole, body, accept] of cases) {
      assert.deepEqual(all(body, text, (re, t) => nextAccepted(re, t, accept)), all(whole, text, (re, t) => re.exec(t)));
    }
  }
});
