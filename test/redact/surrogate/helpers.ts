import type { Span } from '../../../src/types.js';
import { significanceOf, type Label } from '../../../src/taxonomy.js';

/** Spans for each [label, text] in order of appearance in `text` (each text must occur). */
export function spansOf(text: string, items: Array<[Label, string]>): Span[] {
  let from = 0;
  return items.map(([label, value]) => {
    const start = text.indexOf(value, from);
    if (start < 0) throw new Error(`"${value}" not in the test text`);
    from = start + value.length;
    return { start, end: start + value.length, label, text: value, score: 0.9, source: 'test', significance: significanceOf(label) };
  });
}

export function span(label: Label, text: string): Span {
  return { start: 0, end: text.length, label, text, score: 0.9, source: 'test', significance: significanceOf(label) };
}
