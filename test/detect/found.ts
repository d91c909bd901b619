import { DetectionContext } from '../../src/detect/context.js';
import type { Recognizer } from '../../src/detect/recognizer.js';
import type { Candidate } from '../../src/types.js';

/** The distinct strings a group of recognizers finds in a text (raw candidates, before resolution). */
export function finder(recognizers: readonly Recognizer[]): (text: string) => string[] {
  return (text) => {
    const ctx = new DetectionContext(text);
    const out = new Set<string>();
    for (const r of recognizers) for (const c of r.detect(ctx) as Candidate[]) out.add(text.slice(c.start, c.end));
    return [...out];
  };
}
