import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';

/**
 * Durations (QUANTITY, court profile): sentence and detention lengths and the
 * like, "five years and six months", "18 months", "three days", "2½ years",
 * "cinq ans", "drei Jahre". Court annotators mask them where they describe the
 * person ("sentenced to five years' imprisonment", "detained for 14 days").
 * An age ("45-year-old", "aged 45 years") is DEMOGRAPHIC and wins over it.
 */
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a[ \\t\\u00a0]half|several|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|ein|eine|einen|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf';
const COUNT = `(?:\\d{1,4}(?:[.,]\\d{1,2})?|\\d{1,3}½|(?:${NUMBER_WORDS})(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)`;
const UNIT =
  '(?:years?|months?|weeks?|days?|hours?|minutes?|ans|années|mois|semaines|jours|heures|Jahre|Jahren|Jahr|Monate|Monaten|Monat|Wochen|Woche|Tage|Tagen|Tag|Stunden|Stunde)';
const PART = `${COUNT}[ \\t\\u00a0-]{1,2}(?:and[ \\t\\u00a0]a[ \\t\\u00a0]half[ \\t\\u00a0])?${UNIT}(?![\\p{L}-])`;
const DURATION = new RegExp(`(?<![\\p{L}\\p{N}])${PART}(?:,?[ \\t\\u00a0]{1,2}(?:and|et|und)[ \\t\\u00a0]{1,2}${PART})?`, 'giu');
/** "45-year-old", "a 10-day-old": an age, not a duration. */
const AGE_AFTER = /^[-\s]{0,2}(?:old|of age)\b/i;

export function durationRecognizer(): Recognizer {
  return {
    name: 'duration',
    labels: ['QUANTITY'],
    detect(ctx: DetectionContext): Candidate[] {
      const out: Candidate[] = [];
      DURATION.lastIndex = 0;
      for (let m = DURATION.exec(ctx.text); m; m = DURATION.exec(ctx.text)) {
        const end = m.index + m[0].length;
        if (AGE_AFTER.test(ctx.text.slice(end, end + 10))) continue;
        out.push({ start: m.index, end, label: 'QUANTITY', score: 0.7 });
      }
      return out;
    },
  };
}
