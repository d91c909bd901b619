/**
 * Where a cue scan may start so as to skip stretches of text that hold no ASCII digit.
 *
 * Some cue recognizers ("Case No. 19-1234", "serial number PM4471-22X9") keep a cue only when
 * a code with an ASCII digit follows it within a bounded reach. A cue starting more than `reach`
 * UTF-16 units before the next digit can give nothing, so its global pattern need not be run
 * over that stretch: the scan starts `reach` units before the next digit instead. The scan
 * finds the same cues from there on, provided no cue starts inside another cue's match
 * within the reach (each recognizer's test checks this against the plain scan).
 */
import { nextAccepted, notLetterOrDigitBefore } from '../address/chars.js';

const DIGIT = /[0-9]/g;

/**
 * The position from which to scan for cues at or after `from`: `from` itself, or `reach`
 * units before the first ASCII digit at or after it when that is later; -1 when no digit is left.
 */
export function scanStartNearDigit(text: string, from: number, reach: number): number {
  DIGIT.lastIndex = from;
  // test(), not exec(): no match array; lastIndex ends just past the digit.
  if (!DIGIT.test(text)) return -1;
  return Math.max(from, DIGIT.lastIndex - 1 - reach);
}

/**
 * The next match at or after `from` of the global `cue` (whose leading look-behind
 * (?<![\p{L}\p{N}]) is tested in code, nextAccepted), scanning from `reach` units before the next
 * digit; null when no digit is left.
 */
export function nextCueNearDigit(cue: RegExp, text: string, from: number, reach: number): RegExpExecArray | null {
  const start = scanStartNearDigit(text, from, reach);
  if (start < 0) return null;
  cue.lastIndex = start;
  return nextAccepted(cue, text, notLetterOrDigitBefore);
}
