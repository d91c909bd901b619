import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capitalStatus, classifyToken, TitleCaseLines, UNDECIDED, type ClassifyOptions } from '../../../src/detect/recall/classify.js';
import { newRawWord, nextWord, wordToken } from '../../../src/detect/recall/tokens.js';

const OPTIONS: ClassifyOptions[] = [
  { rareLowerCase: true, nameLikeCommonWords: true, commonTier: 10 },
  { rareLowerCase: true, nameLikeCommonWords: true, commonTier: 0 },
  { rareLowerCase: false, nameLikeCommonWords: false, commonTier: 50 },
];

// Invented text: capitalised words of every kind (ordinary, titles, given names, connectors, acronyms,
// unknown names, all capitals, initials) at sentence starts, mid-sentence, as form labels and in headings.
const TEXT = [
  'Quarterly Review Of Grants',
  'The Court met on Monday. Hope Maroway and Dale Quenby spoke for the General Council of Zendrell.',
  'Name: Ostravel Quenby',
  'Dx: asthma; Callback: Tuesday',
  'We asked Dr. Lenox, Mr. Okafor and Prof. Van Der Berg about NASA, the FBI and UNICEF in the USA.',
  'ZENDRELL HOSPITAL PATIENT RECORD: I saw A. Quenby and X. Maroway with Faith, Rowan and Grace at Riverside Clinic.',
  'IMPORTANT NOTICE. MAROWAY wrote to OSTRAVEL about the HEARING and the COMMITTEE, then Of course And so The End.',
  'The CEO sent the PDF with the DOB and MRN to the Registrar, the Applicant and Mr Quenby of Ostravel Ltd.',
  'Internationalisation Counterrevolutionary Quintessentially remain Long Words Mid Sentence.',
].join('\n');

test('capitalStatus gives classifyToken\'s answer for every capitalised ASCII word it decides, in any profile', () => {
  let decided = 0;
  for (const options of OPTIONS) {
    const fast = new TitleCaseLines(TEXT);
    const slow = new TitleCaseLines(TEXT);
    const word = newRawWord();
    for (let at = 0; nextWord(TEXT, at, word); at = word.end) {
      const first = TEXT.charCodeAt(word.start);
      if (!word.ascii || word.digits > 0 || first < 65 || first > 90) continue;
      const status = capitalStatus(TEXT, word.start, word.end, word.lower, word.hash, options, fast);
      const expected = classifyToken(TEXT, wordToken(TEXT, word), options, slow);
      if (status === UNDECIDED) continue;
      decided++;
      assert.equal(status, expected, `${TEXT.slice(word.start, word.end)} at ${word.start}`);
    }
  }
  assert.ok(decided > 100, `decided ${decided}`);
});
