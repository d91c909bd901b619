import AhoCorasick from 'modern-ahocorasick';
import type { Span } from '../../types.js';
import { fold } from './pools.js';

/**
 * The leak guard. Stand-ins are drawn, not derived, so an unlucky draw could
 * write an original value back (a surrogate that happens to equal a real name
 * elsewhere in the document). Every value of four characters or more that the
 * document replaces is "forbidden": a stand-in containing one is redrawn, and
 * if no draw clears it the document fails (closed: an error, never the text).
 *
 * The same values may also appear where the detector did not mark them (a second
 * "Lopez" it missed): `sweep` finds those whole-word occurrences and adds them
 * as mentions of the same category, so they get the same stand-in; `check`
 * then verifies that no forbidden value remains in the text left in clear.
 */
export const MIN_GUARDED_LENGTH = 4;

export class Forbidden {
  /** Folded forbidden values, longest first. */
  readonly values: string[];
  /** All values in one automaton: `contains` is linear in the candidate, whatever the number of values. */
  private readonly matcher?: AhoCorasick;

  constructor(values: Iterable<string>) {
    const set = new Set<string>();
    for (const v of values) {
      const f = fold(v.trim()).replace(/\s+/g, ' ');
      if ([...f].length >= MIN_GUARDED_LENGTH) set.add(f);
    }
    this.values = [...set].sort((a, b) => b.length - a.length);
    if (this.values.length > 0) this.matcher = new AhoCorasick(this.values);
  }

  /** True when `candidate` contains a forbidden value anywhere (case- and accent-insensitive). */
  contains(candidate: string): boolean {
    return this.matcher?.match(fold(candidate).replace(/\s+/g, ' ')) ?? false;
  }

  /**
   * Whole-word occurrences of forbidden values in `text` (UTF-16 offsets into
   * `text`), leftmost first, the longest at a position, never overlapping. One
   * Aho-Corasick pass over the folded text: linear in the text and the matches.
   */
  occurrences(text: string): Array<{ start: number; end: number; value: string }> {
    if (!this.matcher || text.length === 0) return [];
    const folded = foldWithMap(text);
    const hits: Array<{ start: number; end: number; value: string }> = [];
    for (const m of this.matcher.iterate(folded.text, { strategy: 'all' })) {
      const start = folded.starts[m.start];
      const end = folded.ends[m.end - 1];
      if (isWordChar(text, start - 1) || isWordChar(text, end)) continue;
      hits.push({ start, end, value: m.pattern });
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const out: Array<{ start: number; end: number; value: string }> = [];
    let reached = 0;
    for (const h of hits) {
      if (h.start < reached) continue;
      out.push(h);
      reached = h.end;
    }
    return out;
  }
}

/**
 * `text` folded as `fold` does (lower case, accents off) with runs of white space
 * made one space, and for each folded UTF-16 unit the original offsets it came from.
 */
function foldWithMap(text: string): { text: string; starts: number[]; ends: number[] } {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const next = i + ch.length;
    if (/\s/u.test(ch)) {
      let j = next;
      while (j < text.length && /\s/u.test(text[j])) j++;
      out += ' ';
      starts.push(i);
      ends.push(j);
      i = j;
      continue;
    }
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) {
      starts.push(i);
      ends.push(next);
    }
    out += f;
    i = next;
  }
  return { text: out, starts, ends };
}

function isWordChar(text: string, at: number): boolean {
  return at >= 0 && at < text.length && /[\p{L}\p{N}]/u.test(text[at]);
}

/** The folded form `sweep` and `Forbidden` compare. */
export function guardKey(value: string): string {
  return fold(value.trim()).replace(/\s+/g, ' ');
}

/**
 * Unmarked whole-word occurrences of replaced values, as extra spans modelled on
 * the span each value came from (`model`: guardKey → span; sorted, never
 * overlapping `spans`).
 */
export function sweep(text: string, spans: readonly Span[], model: ReadonlyMap<string, Span>, forbidden: Forbidden): Span[] {
  const covered = [...spans].sort((a, b) => a.start - b.start);
  const extra: Span[] = [];
  let i = 0;
  for (const occ of forbidden.occurrences(text)) {
    while (i < covered.length && covered[i].end <= occ.start) i++;
    if (i < covered.length && covered[i].start < occ.end) continue; // inside or across a marked span
    const like = model.get(occ.value);
    if (!like) continue;
    extra.push({ ...like, start: occ.start, end: occ.end, text: text.slice(occ.start, occ.end), source: 'surrogate-sweep', score: like.score });
  }
  return extra;
}
