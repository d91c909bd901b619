import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyToken, lowerCaseStatus, Status, TitleCaseLines, UNDECIDED, type ClassifyOptions } from '../../../src/detect/recall/classify.js';
import { newRawWord, nextWord, wordToken } from '../../../src/detect/recall/tokens.js';

const OPTIONS: ClassifyOptions = { rareLowerCase: true, nameLikeCommonWords: true, commonTier: 10 };

// Invented text: connectors, short words, everyday words, unknown lower-case words ("zendrellian"),
// and words of 15, 16 and 17 letters (the table of recent words keeps at most 15), each twice so
// that the second reading is answered from the table.
const SENTENCE =
  'the courier and the clerk of the zendrellian office sent an uncharacteristic and incomprehensibilities ' +
  'note to ostravel about quenby, internationally known for characterizations of the day';
const TEXT = `${SENTENCE}\n${SENTENCE}`;

test("lowerCaseStatus gives classifyToken's answer for every lower-case ASCII word it decides, from the text or its table", () => {
  const headings = new TitleCaseLines(TEXT);
  const word = newRawWord();
  let decided = 0;
  let connectors = 0;
  const lengths = new Set<number>();
  for (let at = 0; nextWord(TEXT, at, word); at = word.end) {
    if (!word.ascii || word.digits > 0 || word.upper > 0) continue;
    lengths.add(word.end - word.start);
    const status = lowerCaseStatus(TEXT, word.start, word.end, word.hash);
    if (status === UNDECIDED) continue;
    decided++;
    if (status === Status.CONNECTOR) connectors++;
    assert.equal(status, classifyToken(TEXT, wordToken(TEXT, word), OPTIONS, headings), TEXT.slice(word.start, word.end));
  }
  assert.ok(decided >= 30 && connectors >= 6, `decided ${decided}, connectors ${connectors}`);
  assert.ok(lengths.has(15) && lengths.has(16) && lengths.has(17));
});

test('a lower-case word longer than the table keeps is left to classifyToken', () => {
  const text = 'incomprehensibilities';
  const word = newRawWord();
  assert.ok(nextWord(text, 0, word));
  assert.equal(lowerCaseStatus(text, word.start, word.end, word.hash), UNDECIDED);
  // A known word of 15 letters is decided (NONE) without its token.
  const known = 'internationally';
  assert.ok(nextWord(known, 0, word));
  assert.equal(known.length, 15);
  assert.equal(lowerCaseStatus(known, word.start, word.end, word.hash), Status.NONE);
});
