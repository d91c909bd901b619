import { DetectionContext } from '../../../src/detect/context.js';
import { contactRecognizers } from '../../../src/detect/recognizers/contact/index.js';
import { resolve } from '../../../src/resolve/resolver.js';

const recognizers = contactRecognizers({ profile: 'balanced' });

/** Texts of the CONTACT spans the contact recognizers find, after overlap resolution. */
export function contacts(text: string): string[] {
  const ctx = new DetectionContext(text);
  const candidates = recognizers.flatMap((r) => r.detect(ctx) as ReturnType<typeof r.detect> & unknown[]);
  return resolve(text, candidates).map((s) => s.text);
}

/** Texts found by one recognizer (by name) only. */
export function foundBy(name: string, text: string): string[] {
  const ctx = new DetectionContext(text);
  const recognizer = recognizers.find((r) => r.name === name);
  if (!recognizer) throw new Error(`no recognizer ${name}`);
  const found = recognizer.detect(ctx);
  if (found instanceof Promise) throw new Error('unexpected async recognizer');
  return found.map((c) => text.slice(c.start, c.end));
}
