import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { anchoredAddresses } from './anchors.js';
import { extendHead } from './head.js';
import { labelledAddresses } from './labelled.js';
import { nameFirstCores, numberFirstCores } from './street.js';
import { extendTail } from './tail.js';
import { unionRanges } from '../../ranges.js';

const ANY_DIGIT = /[0-9]/;

/**
 * ADDRESS: postal addresses as one span each (street, unit, city, state, ZIP or
 * postcode, country), for US, UK, Irish, Canadian, Indian, German and other
 * European formats, plus PO boxes and labelled or bare postcodes.
 */
export function findAddresses(ctx: DetectionContext): Array<[number, number]> {
  const text = ctx.text;
  // Every address found holds an ASCII digit (a house number, a postcode, a PO box number,
  // a labelled value with a number): a text without one needs no lexicon and no pattern.
  if (!ANY_DIGIT.test(text)) return [];
  const ranges: Array<[number, number]> = [];
  for (const [s, e] of [...numberFirstCores(ctx), ...nameFirstCores(ctx)]) {
    ranges.push([extendHead(text, s, false), extendTail(text, e)]);
  }
  ranges.push(...anchoredAddresses(ctx), ...labelledAddresses(ctx));
  return unionRanges(ranges);
}


const addressRecognizer: Recognizer = {
  name: 'address',
  labels: ['ADDRESS'],
  detect(ctx: DetectionContext): Candidate[] {
    return findAddresses(ctx).map(([start, end]) => ({ start, end, label: 'ADDRESS', score: 0.9 }));
  },
};

/** Recognizers of the address group. */
export function addressRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [addressRecognizer];
}
