import type { DetectionContext } from '../../context.js';
import { ContextMemo } from '../../context-memo.js';

/**
 * Several global cue patterns run over one text in a single scan, with the
 * same matches as running each pattern's own `exec` loop from the start.
 *
 * V8 scans a text once per pattern, trying every position; a dozen cue
 * patterns over one document cost a dozen scans. Here one union pattern
 * (the alternatives of all patterns, the leading assertion that each of
 * them starts with written once, in front) finds, in order, every position where some
 * pattern may match; each pattern is then tried, sticky, at those positions
 * only, from where its previous match ended. A pattern matches at a position
 * only if the union does there, so no match is lost; a sticky match at a
 * position is the match the global search would find there, so none changes.
 * Linear: one union scan, plus a constant number of sticky tries per hit.
 */
/** The matches of each pattern of a scan, in order; shared between callers, so read-only. */
export type CueMatches = ReadonlyArray<readonly RegExpExecArray[]>;

export class CueScanner {
  private readonly union: RegExp;
  private readonly sticky: RegExp[];
  private readonly unicode: boolean;
  private readonly none: CueMatches;

  /**
   * @param patterns global patterns, all with the same flags.
   * @param strip a prefix every pattern's source starts with (an assertion such as
   *   `\b` or a lookbehind) that the union tests once before its alternatives.
   */
  constructor(patterns: readonly RegExp[], strip = '') {
    const flags = patterns[0].flags;
    // Alternatives that start with a plain letter, grouped by that letter (see splitLeadingGroup) and,
    // under it, by pattern: "e(?:(?:mployer|mployed)(?:rest))", each pattern's rest written once per
    // letter rather than once per alternative (the same language; a union a third the size compiles
    // that much faster on a process's first document). The others whole.
    const byLetter = new Map<string, Map<number, string[]>>();
    const rests: string[] = [];
    const others: string[] = [];
    for (const p of patterns) {
      if (p.flags !== flags || !p.global) throw new Error('CueScanner: patterns must be global and share their flags');
      if (!p.source.startsWith(strip)) throw new Error(`CueScanner: pattern does not start with ${strip}`);
      if (/\\[1-9]|\\k</.test(p.source)) throw new Error('CueScanner: back-references are not supported');
      const body = p.source.slice(strip.length);
      const split = splitLeadingGroup(body);
      if (!split) {
        others.push(`(?:${body})`);
        continue;
      }
      const k = rests.push(split.rest) - 1;
      for (const alt of split.alternatives) {
        // "employer" → e + "mployer" + the rest of the pattern; not "a?b", "(?:x|y)", "[ab]", "\\d".
        if (/^[a-z]/.test(alt) && !/^.[?*+{]/.test(alt)) {
          const byPattern = byLetter.get(alt[0]) ?? new Map<number, string[]>();
          byLetter.set(alt[0], byPattern);
          const tails = byPattern.get(k) ?? [];
          byPattern.set(k, tails);
          tails.push(alt.slice(1));
        } else {
          others.push(`(?:${alt})(?:${split.rest})`);
        }
      }
    }
    const letterPart = (byPattern: Map<number, string[]>) => [...byPattern].map(([k, tails]) => `(?:${tails.join('|')})(?:${rests[k]})`).join('|');
    const parts = [...[...byLetter].map(([letter, byPattern]) => `${letter}(?:${letterPart(byPattern)})`), ...others];
    this.union = new RegExp(`${strip}(?:${parts.join('|')})`, flags);
    this.sticky = patterns.map((p) => new RegExp(p.source, flags.replace('g', '') + 'y'));
    this.unicode = flags.includes('u') || flags.includes('v');
    this.none = this.sticky.map(() => []);
  }

  /** The matches of each pattern (in the constructor's order) over `text`. */
  scan(text: string): CueMatches {
    const union = this.union;
    union.lastIndex = 0;
    let m = union.exec(text);
    // No cue at all (most short texts): one shared answer (read-only by type; not frozen: V8 iterates
    // frozen arrays more slowly), nothing allocated.
    if (!m) return this.none;
    const out: RegExpExecArray[][] = this.sticky.map(() => []);
    const next = new Array<number>(this.sticky.length).fill(0);
    for (; m; m = union.exec(text)) {
      const p = m.index;
      for (let k = 0; k < this.sticky.length; k++) {
        if (p < next[k]) continue;
        const re = this.sticky[k];
        re.lastIndex = p;
        const found = re.exec(text);
        if (!found) continue;
        out[k].push(found);
        // A global exec loop moves on from the end of the match (an empty match would loop forever there).
        next[k] = p + Math.max(found[0].length, 1);
      }
      // The next position, one code point on as a `u` pattern's own search steps.
      const c = text.charCodeAt(p);
      const d = text.charCodeAt(p + 1);
      union.lastIndex = p + (this.unicode && c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1);
    }
    return out;
  }
}

/**
 * A pattern body "(?:a|b|c)rest" as its top-level alternatives and the rest;
 * undefined for any other shape. The union of CueScanner tries, at each
 * position, the alternatives that start with the letter there (one branch per
 * letter) instead of every alternative of every pattern: it matches where
 * "(?:a|b|c)rest" does, written as "a(?:rest)|b(?:rest)|c(?:rest)".
 */
function splitLeadingGroup(body: string): { alternatives: string[]; rest: string } | undefined {
  if (!body.startsWith('(?:')) return undefined;
  const alternatives: string[] = [];
  let depth = 0;
  let from = 3;
  for (let i = 3; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      // A character class: to its closing bracket (escapes inside skipped).
      for (i++; i < body.length && body[i] !== ']'; i++) if (body[i] === '\\') i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) {
        alternatives.push(body.slice(from, i));
        const rest = body.slice(i + 1);
        // A quantifier on the group itself ("(?:a|b)?rest") changes its meaning: not split.
        if (/^[?*+{]/.test(rest)) return undefined;
        return { alternatives, rest };
      }
      depth--;
    } else if (c === '|' && depth === 0) {
      alternatives.push(body.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}

/**
 * Cue patterns of several recognizers over the same view of a document,
 * scanned together once per document (a CueScanner over all of them, built
 * when the first document is scanned, cached per context). Each recognizer
 * registers its patterns when its module loads and reads its own matches.
 */
export class SharedCueScan {
  private readonly patterns: RegExp[] = [];
  private scanner: CueScanner | undefined;
  private readonly cache = new ContextMemo<{ count: number; matches: CueMatches }>();

  /**
   * @param strip the prefix every pattern starts with (see CueScanner).
   * @param view the text scanned (the original text or its lower-case form).
   */
  constructor(
    private readonly strip: string,
    private readonly view: (ctx: DetectionContext) => string,
  ) {}

  /** Registers a global pattern; returns the reader of its matches in a document. */
  add(pattern: RegExp): (ctx: DetectionContext) => readonly RegExpExecArray[] {
    const k = this.patterns.push(pattern) - 1;
    return (ctx) => this.matches(ctx)[k];
  }

  private matches(ctx: DetectionContext): CueMatches {
    const count = this.patterns.length;
    const hit = this.cache.get(ctx);
    if (hit && hit.count === count) return hit.matches;
    // A pattern registered after the last build (a module loaded late) joins a new union.
    if (!this.scanner || this.scannerCount !== count) {
      this.scanner = new CueScanner(this.patterns, this.strip);
      this.scannerCount = count;
    }
    const matches = this.scanner.scan(this.view(ctx));
    this.cache.set(ctx, { count, matches });
    return matches;
  }

  private scannerCount = 0;
}

/** Cue patterns matched on the lower-cased text, each starting with `\b`. */
export const LOWER_CUES = new SharedCueScan('\\b', (ctx) => ctx.lower);
