import type { Recognizer } from '../../recognizer.js';
import { cueRecognizer } from '../ids/cue-recognizer.js';
import { acceptableCode, isLookAlike } from '../ids/value-shape.js';

/**
 * Bank account and loan numbers after "account", "acct", "a/c", "checking",
 * "savings", "loan no." and the like: digits, possibly grouped or partly masked
 * ("0007391****"). A code with letters after such a cue is an account
 * reference (a customer account), reported as ID_NUMBER.
 */
const ACCOUNT_SHAPE = /^[0-9Xx*•]+(?:[ \-\/][0-9Xx*•]+){0,5}$/;

export function bankAccountRecognizer(): Recognizer {
  return cueRecognizer('bank-account', ['FINANCIAL', 'ID_NUMBER'], ['bank-account'], (value) => {
    const digits = value.replace(/[^0-9]/g, '').length;
    const masked = /[Xx*•]/.test(value);
    if (ACCOUNT_SHAPE.test(value) && /^[0-9Xx*•]/.test(value) && (digits >= 6 || (masked && digits >= 3)) && !isLookAlike(value)) {
      return { label: 'FINANCIAL', score: 0.9 };
    }
    if (acceptableCode(value, 'strong') && /[0-9]/.test(value)) return { label: 'ID_NUMBER', score: 0.75 };
    return undefined;
  });
}
