import type { Candidate } from '../types.js';
import type { Label } from '../taxonomy.js';
import { DetectionContext } from './context.js';
import type { Recognizer } from './recognizer.js';

/**
 * The evasion pass: when the normalised view of a text differs from it in a way
 * a writer would use to hide PII (zero-width characters or soft hyphens inside
 * a word, full-width or styled letters, Cyrillic or Greek look-alikes, letters
 * in numbers: see normalize.ts), every recognizer runs a second time on the
 * view and its candidates are mapped back to the original offsets. Names,
 * identifiers, cards and IBANs hidden that way are then found by the same
 * rules as their plain forms. Texts without such characters (almost all) cost
 * one flag test.
 */
export const EVASION_PASS_NAME = 'evasion-view';

export function evasionPass(recognizers: readonly Recognizer[]): Recognizer {
  const labels = [...new Set<Label>(recognizers.flatMap((r) => r.labels))];
  return {
    name: EVASION_PASS_NAME,
    labels,
    detect(ctx: DetectionContext): Candidate[] | Promise<Candidate[]> {
      const view = ctx.normalized;
      // In a window of a long document, the pass runs when any part of the document needs it (as in a whole-document run).
      if (!view.evasive && !ctx.document?.evasive) return [];
      const inner = new DetectionContext(view.text, ctx.documentId);
      const back = (recognizer: Recognizer, found: Candidate[]): Candidate[] =>
        found.map((c) => {
          const [start, end] = ctx.fromNormalized(c.start, c.end);
          return { ...c, start, end, source: c.source ?? recognizer.name };
        });
      const results = recognizers.map((r) => {
        const found = r.detect(inner);
        return found instanceof Promise ? found.then((f) => back(r, f)) : back(r, found);
      });
      if (results.some((r) => r instanceof Promise)) return Promise.all(results).then((all) => all.flat());
      return (results as Candidate[][]).flat();
    },
  };
}
