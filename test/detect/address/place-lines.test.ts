import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressLexicon } from '../../../src/detect/recognizers/address/lexicon.js';
import { CA_POSTCODE, EIRCODE, IN_PIN, JP_POSTCODE, PLACE, UK_POSTCODE, US_ZIP } from '../../../src/detect/recognizers/address/patterns.js';
import { anchorStarts, cityPostcodeEnd, cityStateZipEnd } from '../../../src/detect/recognizers/address/place-lines.js';

/**
 * place-lines.ts replaces single regular expressions (slow to compile) with code;
 * these tests build those expressions and check that both give the same answers.
 */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (xs: Iterable<string>) => [...xs].sort((a, b) => b.length - a.length).map(esc).join('|');
const titleCase = (s: string) => s.replace(/(^|[ \t-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
const lex = addressLexicon();
const names = [...lex.regionNames].flatMap((n) => [titleCase(n), n.toUpperCase()]);
const state = `(?:${alternation(lex.regionCodes)}|${alternation(names)})`;
const end = String.raw`(?![\p{L}\p{N}])`;
const reference = {
  cityStateZip: new RegExp(String.raw`(?:${PLACE}(?:[ \t]{1,2}|,[ \t]{0,2}))?(?:(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT)[ \t]{1,2}\d{4}|${state}(?:,?[ \t]{1,2}${US_ZIP})?)${end}`, 'yu'),
  cityPostcode: new RegExp(String.raw`(?:${PLACE}(?:[ \t]?\([\p{L} .'\-]{2,30}\))?,?[ \t]{1,2}(?:[-–][ \t]?)?)(?:${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${IN_PIN}|${JP_POSTCODE})${end}`, 'yu'),
  us: new RegExp(String.raw`(?<![\p{L}\p{N}])${PLACE},?[ \t]{1,2}${state},?[ \t]{1,2}${US_ZIP}$`, 'u'),
  intl: new RegExp(String.raw`(?<![\p{L}\p{N}])${PLACE}(?:[ \t]?\([\p{L} .'\-]{2,30}\))?,?[ \t]{1,2}(?:${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${JP_POSTCODE})$`, 'u'),
  in: new RegExp(String.raw`(?<![\p{L}\p{N}])${PLACE},?[ \t]{1,2}(?:[-–][ \t]?)?${IN_PIN}$`, 'u'),
};

function stickyEnd(re: RegExp, text: string, pos: number): number {
  re.lastIndex = pos;
  const m = re.exec(text);
  return m ? pos + m[0].length : -1;
}

const LINES = [
  'Toledo, OH 43606',
  'JERSEY CITY NJ 07305',
  'Minnesota 55901',
  'Ashgrove QLD 4060',
  'Frankfurt am Main, Hesse 60311',
  'Charleston,  WV  25301-1234x',
  'Oak Park, IOWA 52001',
  'Richmond, VIRGINIA 23219',
  'Morgantown, West Virginia 26505',
  'London W11 2JD',
  'Montréal (Québec) H2X 3J6',
  'Bengaluru 560041',
  'Silchar, Assam - 788004',
  'Meguro-ku, Tokyo 153-0063',
  'Dublin D02 X285',
  'Konak/İzmir 35210',
  'Saint-Denis, Québec (québec) 12345',
  'Mcallen, TX 78501, USA',
  'Aaaaaaaaaaaaaaaaaaaaaaaaaaaa, OH 43606',
  'Newcastle upon Tyne NE1 4LP',
  'Halle an der Saale, NY 10001',
  'X Y Z W V, CA 90210',
  '𝐀lpha, OH 43606',
  "O'Fallon, MO 63366",
];

test('cityStateZipEnd and cityPostcodeEnd match the regular expressions they replace', () => {
  for (const line of LINES) {
    for (let pos = 0; pos < line.length; pos++) {
      if (/[\uDC00-\uDFFF]/.test(line[pos])) continue; // callers never start inside a surrogate pair
      assert.equal(cityStateZipEnd(line, pos), stickyEnd(reference.cityStateZip, line, pos), `${line} @${pos}`);
      assert.equal(cityPostcodeEnd(line, pos), stickyEnd(reference.cityPostcode, line, pos), `${line} @${pos}`);
    }
  }
});

test('anchorStarts finds the same start as the anchored expressions', () => {
  for (const line of LINES) {
    for (let cut = 0; cut < line.length; cut++) {
      const piece = line.slice(cut);
      const at = anchorStarts(piece);
      for (const kind of ['us', 'intl', 'in'] as const) assert.equal(at(kind), reference[kind].exec(piece)?.index ?? -1, `${kind}: ${piece}`);
    }
  }
});
