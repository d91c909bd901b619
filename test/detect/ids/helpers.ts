import { DetectionContext } from '../../../src/detect/context.js';
import type { Recognizer } from '../../../src/detect/recognizer.js';
import { idsRecognizers } from '../../../src/detect/recognizers/ids/index.js';
import { financialRecognizers } from '../../../src/detect/recognizers/financial/index.js';
import { resolve } from '../../../src/resolve/resolver.js';
import type { Label } from '../../../src/taxonomy.js';
import type { Candidate } from '../../../src/types.js';

/** Runs the ids and financial recognizers (only) and resolves overlaps. */
const recognizers: Recognizer[] = [...idsRecognizers({ profile: 'balanced' }), ...financialRecognizers({ profile: 'balanced' })];

export function detect(text: string): Array<{ text: string; label: Label; source: string }> {
  const ctx = new DetectionContext(text);
  const candidates: Candidate[] = [];
  for (const r of recognizers) candidates.push(...(r.detect(ctx) as Candidate[]));
  return resolve(text, candidates).map((s) => ({ text: s.text, label: s.label, source: s.source }));
}

/** The detected strings of one label. */
export function found(text: string, label: Label): string[] {
  return detect(text)
    .filter((s) => s.label === label)
    .map((s) => s.text);
}
