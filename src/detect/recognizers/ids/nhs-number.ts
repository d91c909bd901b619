import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { nhsNumberValid } from '../../validators/nhs-number.js';
import { digitsOf } from '../../validators/digits.js';
import { cueBefore } from './context-window.js';

/** UK NHS numbers ("631 905 8218"): mod-11 check digit and an NHS cue (the shape is also a phone number's). */
const NHS = /(?<![\p{L}\p{N}])\d{3}([ -]?)\d{3}\1\d{4}(?![\p{N}]|[ -]\d)/gu;
// NHS without its look-around: a plain scan, where NHS tries its look-behind at every position.
const NHS_HINT = /[0-9]{3}([ -]?)[0-9]{3}\1[0-9]{4}/;
const NHS_CUE = /\b(?:NHS|health[ \t]and[ \t]care[ \t]number|CHI[ \t](?:no|number))/i;

export function nhsNumberRecognizer(): Recognizer {
  return {
    name: 'uk-nhs-number',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      if (!NHS_HINT.test(ctx.text)) return []; // every match of NHS matches NHS_HINT
      const out: Candidate[] = [];
      for (const m of ctx.text.matchAll(NHS)) {
        if (!nhsNumberValid(digitsOf(m[0])) || !cueBefore(ctx.text, m.index, NHS_CUE, 40)) continue;
        out.push({ start: m.index, end: m.index + m[0].length, label: 'ID_NUMBER', score: 0.97, source: 'uk-nhs-number' });
      }
      return out;
    },
  };
}
