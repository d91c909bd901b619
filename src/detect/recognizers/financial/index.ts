import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { paymentCardRecognizer } from './payment-card.js';
import { maskedCardRecognizer } from './masked-card.js';
import { ibanRecognizer } from './iban.js';
import { bankAccountRecognizer } from './bank-account.js';
import { routingNumberRecognizer } from './routing-number.js';
import { sortCodeRecognizer } from './sort-code.js';
import { bicRecognizer } from './bic.js';

/**
 * Recognizers of the financial group: cards (full and masked), IBAN, account,
 * routing, sort code, and BIC. A BIC names the person's bank, not the person's
 * account (GUIDELINES do not list it), so only the recall profile reports it.
 */
export function financialRecognizers(options: RecognizerOptions): Recognizer[] {
  const all = [
    paymentCardRecognizer(),
    maskedCardRecognizer(),
    ibanRecognizer(),
    bankAccountRecognizer(),
    routingNumberRecognizer(),
    sortCodeRecognizer(),
  ];
  if (options.profile === 'recall') all.push(bicRecognizer());
  return all;
}
