import type { Candidate } from '../../../types.js';
import type { Label } from '../../../taxonomy.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';
import { scanCues, type CueHit } from './cue-scan.js';

/**
 * Builds a recognizer from cue groups of data/ids/cues.json or
 * data/financial/cues.json: each hit's value is checked by `judge`, which
 * returns a candidate label and score, or undefined to reject.
 */
export interface Verdict {
  label: Label;
  score: number;
}

export function cueRecognizer(
  name: string,
  labels: readonly Label[],
  groups: readonly string[],
  judge: (value: string, hit: CueHit, ctx: DetectionContext) => Verdict | undefined,
): Recognizer {
  const groupSet = new Set(groups);
  return {
    name,
    labels,
    detect(ctx: DetectionContext): Candidate[] {
      const out: Candidate[] = [];
      // Every cue recognizer reads the one shared scan: its own groups' hits, without a filtered copy each.
      for (const hit of scanCues(ctx)) {
        if (!groupSet.has(hit.entry.group)) continue;
        const verdict = judge(ctx.text.slice(hit.valueStart, hit.valueEnd), hit, ctx);
        if (verdict) out.push({ start: hit.valueStart, end: hit.valueEnd, label: verdict.label, score: verdict.score, source: name });
      }
      return out;
    },
  };
}
