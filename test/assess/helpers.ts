import { significanceOf, type Label } from '../../src/taxonomy.js';
import type { Span } from '../../src/types.js';

/** Hand-placed spans: each [value, label] is found in order in the text. */
export function spansIn(text: string, marks: Array<[string, Label]>): Span[] {
  let from = 0;
  return marks.map(([value, label]) => {
    const start = text.indexOf(value, from);
    if (start < 0) throw new Error(`"${value}" not in text`);
    from = start + value.length;
    return { start, end: start + value.length, label, text: value, score: 1, source: 'test', significance: significanceOf(label) };
  });
}
