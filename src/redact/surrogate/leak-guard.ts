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
  private readonly byFirstWord = new Map<string, Array<{ value: string; offset: number }>>();

  constructor(values: Iterable<string>) {
    const set = new Set<string>();
    for (const v of values) {
      const f = fold(v.trim()).replace(/\s+/g, ' ');
      if ([...f].length >= MIN_GUARDED_LENGTH && f.length === v.trim().replace(/\s+/g, ' ').length) set.add(f);
    }
    this.values = [...set].sort((a, b) => b.length - a.length);
    for (const value of this.values) {
      const m = /[\p{L}\p{N}]+/u.exec(value);
      if (!m) continue;
      let list = this.byFirstWord.get(m[0]);
      if (!list) this.byFirstWord.set(m[0], (list = []));
      list.push({ value, offset: m.index });
    }
  }

  /** True when `candidate` contains a forbidden value anywhere (case- and accent-insensitive). */
  contains(candidate: string): boolean {
    const f = fold(candidate).replace(/\s+/g, ' ');
    for (const v of this.values) if (f.includes(v)) return true;
    return false;
  }

  /**
   * Whole-word occurrences of forbidden values in `text` (UTF-16 offsets into
   * `text`), longest value first at each position. Linear in the text: each word
   * is looked up once, and only values starting with that word are compared.
   */
  occurrences(text: string): Array<{ start: number; end: number; value: string }> {
    const out: Array<{ start: number; end: number; value: string }> = [];
    if (this.values.length === 0) return out;
    const WORD = /[\p{L}\p{N}]+/gu;
    let lastEnd = -1;
    for (const m of text.matchAll(WORD)) {
      const list = this.byFirstWord.get(fold(m[0]));
      if (!list) continue;
      for (const { value, offset } of list) {
        const start = m.index - offset;
        const end = start + value.length;
        if (start < 0 || start < lastEnd || end > text.length) continue;
        const slice = text.slice(start, end);
        if (fold(slice).replace(/\s+/g, ' ') !== value || slice.length !== value.length) continue;
        if (isWordChar(text, start - 1) || isWordChar(text, end)) continue;
        out.push({ start, end, value });
        lastEnd = end;
        break;
      }
    }
    return out;
  }
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
