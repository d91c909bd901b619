import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from '../ids/cue-recognizer.js';
import { abaRoutingValid } from '../../validators/aba-routing.js';

/** US ABA routing numbers after "routing", "ABA", "RTN": nine digits, scored by the ABA checksum. */
export function routingNumberRecognizer(): Recognizer {
  return cueRecognizer('routing-number', ['FINANCIAL'], ['routing-number'], (value) => {
    const digits = value.replace(/[^0-9]/g, '');
    if (!/^[0-9][0-9 -]*$/.test(value) || digits.length !== 9) return undefined;
    return { label: 'FINANCIAL', score: abaRoutingValid(digits) ? 0.97 : 0.7 };
  });
}
