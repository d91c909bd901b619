import type { DetectionContext } from '../../context.js';
import { extendHead } from './head.js';
import { lineStartWithin, mayHoldWord, nextAccepted, notLetterBefore, notLetterOrDigitBefore, wordsPattern } from './chars.js';
import { anchorStarts } from './place-lines.js';
import { addressPatterns, CA_POSTCODE, EIRCODE, IN_PIN, UK_POSTCODE, US_ZIP } from './patterns.js';
import { extendTail } from './tail.js';

/**
 * Addresses found from something other than a street core: PO boxes, a city
 * followed by a ZIP or postcode ("Toledo, OH 43606", "Leeds LS8 5AJ"), a bare
 * UK or Canadian postcode, and a postcode named by its label ("ZIP: 43606").
 */

// Leading lookbehinds are tested in code (nextAccepted).
const PO_BOX = /(?:P\.?[ \t]?O\.?[ \t]?Box|Post[ \t]Office[ \t]Box|GPO[ \t]Box|Private[ \t]Bag|Postfach|Apartado|Boîte[ \t]postale)[ \t]{1,2}#?\d{1,7}(?![\p{L}\p{N}])/giu;
const LABELLED_CODE = new RegExp(
  String.raw`(?:zip(?:[ \t]?code)?|postcode|postal[ \t]code|post[ \t]code|pin(?:[ \t]?code)?|plz|postleitzahl|eircode)[ \t]*[:#.]?[ \t]*(${UK_POSTCODE}|${CA_POSTCODE}|${EIRCODE}|${US_ZIP}|${IN_PIN})(?![\p{L}\p{N}])`,
  'giu',
);
/** A word of every PO_BOX alternative, and of every LABELLED_CODE label: the patterns run only on a text that holds one. */
const PO_BOX_WORDS = wordsPattern(['box', 'bag', 'postfach', 'apartado', 'postale']);
const CODE_LABEL_WORDS = wordsPattern(['zip', 'post', 'pin', 'plz', 'eircode']);
const CAPITAL_DIGIT = /[A-Z][0-9]/;
/** Words that name an identifier, not a place, before a six-digit number. */
const NOT_A_PLACE = /^(?:ID|No|Number|Account|Acct|Policy|Member|Case|Ref|Reference|Order|Invoice|Claim|Room|Ticket|Code|OTP|PIN|Pin|Customer|Client|Patient|Employee|Student|Batch|Lot|Serial|Aadhaar|PAN|Folio|Form|Rs|INR|Total|Amount)\b/;

export function anchoredAddresses(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  const p = addressPatterns();
  const out: Array<[number, number]> = [];
  const push = (start: number, end: number, postcodeAnchored: boolean) => {
    out.push([extendHead(text, start, postcodeAnchored), extendTail(text, end)]);
  };
  PO_BOX.lastIndex = 0;
  for (let m = mayHoldWord(ctx.lower, PO_BOX_WORDS) ? nextAccepted(PO_BOX, text, notLetterOrDigitBefore) : null; m; m = nextAccepted(PO_BOX, text, notLetterOrDigitBefore)) push(m.index, m.index + m[0].length, false);
  // Postcode first, then the place before it (scanning every capitalised word was slow).
  p.postcodeScan.lastIndex = 0;
  for (let m = nextAccepted(p.postcodeScan, text, notLetterOrDigitBefore); m; m = nextAccepted(p.postcodeScan, text, notLetterOrDigitBefore)) {
    const end = m.index + m[0].length;
    const from = lineStartWithin(text, m.index, 110);
    const before = text.slice(from, end);
    const anchorAt = anchorStarts(before);
    let anchor = anchorAt('us');
    if (anchor < 0) anchor = anchorAt('intl');
    if (anchor >= 0) {
      push(from + anchor, end, true);
      continue;
    }
    // Indian PINs: six digits are common, so the place must not be an identifier's label
    // and at least one more address part must stand before it.
    const pin = anchorAt('in');
    if (pin < 0 || NOT_A_PLACE.test(before.slice(pin))) continue;
    const start = extendHead(text, from + pin, true);
    if (start < from + pin) out.push([start, extendTail(text, end)]);
  }
  p.barePostcodeAnywhere.lastIndex = 0;
  // Every UK or Canadian postcode has a capital right before a digit.
  for (let m = CAPITAL_DIGIT.test(text) ? nextAccepted(p.barePostcodeAnywhere, text, notLetterOrDigitBefore) : null; m; m = nextAccepted(p.barePostcodeAnywhere, text, notLetterOrDigitBefore)) out.push([m.index, m.index + m[0].length]);
  LABELLED_CODE.lastIndex = 0;
  for (let m = mayHoldWord(ctx.lower, CODE_LABEL_WORDS) ? nextAccepted(LABELLED_CODE, text, notLetterBefore) : null; m; m = nextAccepted(LABELLED_CODE, text, notLetterBefore)) {
    const start = m.index + m[0].length - m[1].length;
    out.push([start, start + m[1].length]);
  }
  return out;
}
