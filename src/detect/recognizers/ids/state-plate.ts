import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { readDataJson } from '../../../lexicons/data-files.js';
import { cueBefore } from './context-window.js';
import { nextAccepted, notLetterOrDigitBefore } from '../address/chars.js';

/**
 * Licence plates written after their US state, in a vehicle context:
 * "Rhode Island TW-5184", "black, CO BQW-P41". The plate must mix letters and
 * digits (so "CO 80525", a ZIP code, is left alone), and a vehicle word must
 * come shortly before.
 */
const VEHICLE_CUE = /\b(?:plates?|vehicle|car|truck|van|sedan|suv|pickup|coupe|hatchback|motorcycle|motorbike|registration|registered|tags?|VIN|licen[cs]e|drove|driving|parked)\b/i;
const PLATE = /^(?=.*[A-Z])(?=.*\d)[A-Z0-9]{2,4}[- ]?[A-Z0-9]{2,4}$/;

let pattern: RegExp | undefined;

function compile(): RegExp {
  const { states } = readDataJson<{ states: Array<[string, string, number]> }>('us-states.json');
  const names = states.flatMap(([code, name]) => [code, name.replace(/ /g, '[ \\t]')]).sort((a, b) => b.length - a.length);
  // The leading look-behind, (?<![\p{L}\p{N}]), is tested in code where the rest matches (nextAccepted):
  // written first, V8 evaluated it at every position of the text.
  return new RegExp(`(?:${names.join('|')})[ \\t]{1,2}([A-Z0-9]{2,4}[- ]?[A-Z0-9]{2,4})(?![\\p{L}\\p{N}]|[- ][A-Z0-9])`, 'gu');
}

export function statePlateRecognizer(): Recognizer {
  return {
    name: 'state-plate',
    labels: ['ID_NUMBER'],
    detect(ctx: DetectionContext): Candidate[] {
      pattern ??= compile();
      const out: Candidate[] = [];
      const text = ctx.text;
      const re = pattern;
      re.lastIndex = 0;
      for (let m = nextAccepted(re, text, notLetterOrDigitBefore); m; m = nextAccepted(re, text, notLetterOrDigitBefore)) {
        const plate = m[1];
        if (!PLATE.test(plate)) continue;
        const start = m.index + m[0].length - plate.length;
        if (!cueBefore(ctx.text, m.index, VEHICLE_CUE, 80)) continue;
        out.push({ start, end: start + plate.length, label: 'ID_NUMBER', score: 0.8, source: 'state-plate' });
      }
      return out;
    },
  };
}
