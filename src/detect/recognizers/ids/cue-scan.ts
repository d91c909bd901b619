import type { Label } from '../../../taxonomy.js';
import type { DetectionContext } from '../../context.js';
import { readDataJson } from '../../../lexicons/data-files.js';
import { parseCodeValue } from './code-value.js';
import { hasAsciiDigit } from '../../validators/digits.js';
import { phraseFinder, type PhraseFinder } from './phrase-finder.js';
import { ContextMemo } from '../../context-memo.js';

/**
 * Cue-anchored identifiers: a label word ("MRN", "Policy no.", "sort code")
 * followed by a code. One scan over the text finds every cue of every group
 * (data/ids/cues.json and data/financial/cues.json) so that the longest cue at a
 * position wins ("Employee ID" is not read as a bare "ID"); the scan is cached
 * per DetectionContext and each recognizer keeps the hits of its own groups.
 */
export type CueStrength = 'strong' | 'weak';
export type CueKind = 'code' | 'plate' | 'account' | 'routing' | 'sort-code' | 'bic';

interface CueGroupFile {
  groups: Array<{
    name: string;
    /** null: a label of something that is not an identifier ("Phone no."), matched only to be skipped. */
    label: Label | null;
    strength: CueStrength;
    kind?: CueKind;
    phrases?: string[];
    acronyms?: string[];
  }>;
}

export interface CueEntry {
  group: string;
  label: Label | null;
  strength: CueStrength;
  kind: CueKind;
  /** The cue counts only when a marker ("no.", "#", "ID", ":") follows it. */
  needsMarker: boolean;
}

export interface CueHit {
  entry: CueEntry;
  cueStart: number;
  cueEnd: number;
  /** Range of the code that follows the cue (original-text offsets). */
  valueStart: number;
  valueEnd: number;
}

interface CompiledCues {
  /** The case-insensitive phrase alternation, driven word by word (see phrase-finder.ts). */
  insensitive: PhraseFinder;
  sensitive: RegExp;
  byPhrase: Map<string, CueEntry[]>;
  byAcronym: Map<string, CueEntry[]>;
}

const CUE_FILES = ['ids/cues.json', 'financial/cues.json'];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[ \\t]{1,2}').replace(/'/g, "['\u2019]");
}

/**
 * Alternation of literal phrases, longest first, bounded by non-letters on both
 * sides ("NO22" is not the cue "NO", but "#5521" is the cue "#"). Latin letter ranges instead of \p{L} and no 'u' flag: three times
 * faster on a long document, and the cues are all in Latin script.
 */
function alternation(words: Iterable<string>, flags: string): RegExp {
  const sorted = [...new Set(words)].sort((a, b) => b.length - a.length);
  // Not inside a URL or an identifier ("?number=", "tier_id=", "user.id").
  // phrase-finder.ts relies on these two boundary classes: keep them in step.
  return new RegExp(`(?<![A-Za-z0-9\\u00C0-\\u024F_?&=/.])(?:${sorted.map(escapeRegExp).join('|')})(?![A-Za-z\\u00C0-\\u024F]|(?<=[A-Za-z0-9])[0-9])`, `g${flags}`);
}

let compiled: CompiledCues | undefined;

/** What every case-sensitive cue (acronym) begins with; the sensitive pattern has no i flag. */
const ACRONYM_HINT = /[A-Z][A-Z\/]/;
const ACRONYM_HINT_WHOLE = /^[A-Z][A-Z\/]/;

function compile(): CompiledCues {
  const byPhrase = new Map<string, CueEntry[]>();
  const byAcronym = new Map<string, CueEntry[]>();
  const add = (map: Map<string, CueEntry[]>, raw: string, base: Omit<CueEntry, 'needsMarker'>, lower: boolean) => {
    const needsMarker = raw.endsWith('+');
    const word = needsMarker ? raw.slice(0, -1) : raw;
    const key = lower ? word.toLowerCase() : word;
    const list = map.get(key) ?? [];
    list.push({ ...base, needsMarker });
    map.set(key, list);
  };
  for (const file of CUE_FILES) {
    for (const g of readDataJson<CueGroupFile>(file).groups) {
      const base = { group: g.name, label: g.label, strength: g.strength, kind: g.kind ?? 'code' };
      for (const p of g.phrases ?? []) add(byPhrase, p, base, true);
      for (const a of g.acronyms ?? []) add(byAcronym, a, base, false);
    }
  }
  for (const a of byAcronym.keys()) if (!ACRONYM_HINT_WHOLE.test(a)) throw new Error(`cue acronym outside ACRONYM_HINT: ${a}`);
  return {
    insensitive: phraseFinder(byPhrase.keys(), (group) => alternation(group, 'iy')),
    sensitive: alternation(byAcronym.keys(), ''),
    byPhrase,
    byAcronym,
  };
}

/**
 * What may stand between a cue and its code: a marker word ("no.", "number",
 * "#", "ID"), a parenthesis ("(masked)"), a colon, and a copula ("is", "that's").
 * Every part is optional and bounded, so the sticky match is linear.
 */
const CONNECTOR =
  /\.?((?:[ \t]{0,3}(?:number(?![\p{L}])|(?:no|nos|nr|num)\.?(?![\p{L}])|#|id(?![\p{L}])|code(?![\p{L}])|n[o°º]\.?(?![\p{L}]))){0,2})([ \t]{0,3}\([^()\n]{1,24}\))?(?:[ \t]{1,3}(?:on|in)[ \t](?:file|record|our[ \t]records))?([ \t]{0,3}[:#])?((?:(?:[ \t]{1,3}[\p{Ll}'\u2019]{1,12}){0,5}?,?[ \t]{1,3}(?:is|was|are|that's|that\u2019s|reads)(?![\p{L}]))?)[ \t]{0,3}\n?[ \t]{0,3}#?/iuy;

function normaliseApostrophe(s: string): string {
  // Most cues hold no "’", no tab and no double blank: nothing to replace.
  if (!s.includes('\u2019') && !s.includes('\t') && !s.includes('  ')) return s;
  return s.replace(/\u2019/g, "'").replace(/[ \t]+/g, ' ');
}

/** A BIC has no digit requirement: 4 bank letters, 2 country letters, 2 location and 3 optional branch characters. */
const BIC_VALUE = /[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![\p{L}\p{N}])/uy;
function parseBic(text: string, start: number): number {
  BIC_VALUE.lastIndex = start;
  const m = BIC_VALUE.exec(text);
  return m ? start + m[0].length : start;
}

/** "1290 Industrial Park Rd", "2710 W Quincy St": a house number, not a code. */
const STREET_START = /[0-9]{1,6} (?:[NSEW]\.? )?[A-Z][a-z]/y;
function startsLikeStreetAddress(text: string, start: number): boolean {
  STREET_START.lastIndex = start;
  return STREET_START.test(text);
}

/** For tests: the case-insensitive cue phrases, their global alternation, and the finder that replaces it. */
export function insensitiveCueMatchers(): { phrases: string[]; global: RegExp; finder: PhraseFinder } {
  compiled ??= compile();
  const phrases = [...compiled.byPhrase.keys()];
  return { phrases, global: alternation(phrases, 'i'), finder: compiled.insensitive };
}

/** `[-\/._A-Za-z0-9]`: a character that carries a code on past a cue-like word (NaN, past the end, does not). */
function continuesCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 45 && c <= 57) || c === 95;
}

/** The first entry that holds with or without a marker after the cue (a loop: no closure per cue). */
function firstEntry(entries: readonly CueEntry[], hasMarker: boolean): CueEntry | undefined {
  for (const e of entries) if (!e.needsMarker || hasMarker) return e;
  return undefined;
}

const cache = new ContextMemo<CueHit[]>();
const NO_HITS: CueHit[] = [];
const SIX_CAPITALS = /[A-Z]{6}/;

/** Every cue in the text followed by a code-shaped value. Cached per context. */
export function scanCues(ctx: DetectionContext): CueHit[] {
  const cached = cache.get(ctx);
  if (cached) return cached;
  // Every judge of a cue recognizer wants an ASCII digit in the value, except
  // the BIC one, which wants six capitals: a text with neither has no hit worth reading.
  if (!hasAsciiDigit(ctx) && !SIX_CAPITALS.test(ctx.text)) {
    cache.set(ctx, NO_HITS);
    return NO_HITS;
  }
  compiled ??= compile();
  const text = ctx.text;
  const raw: Array<{ start: number; end: number; entries: CueEntry[] }> = [];
  for (const m of compiled.insensitive.matches(text)) {
    const entries = compiled.byPhrase.get(m.plain ? m.value : normaliseApostrophe(m.value.toLowerCase()));
    if (entries) raw.push({ start: m.start, end: m.end, entries });
  }
  const re = compiled.sensitive;
  re.lastIndex = 0;
  // Every acronym begins with two capitals or "A/" (checked in compile): a text without such a pair skips the scan.
  for (let m = ACRONYM_HINT.test(text) ? re.exec(text) : null; m; m = re.exec(text)) {
    const entries = compiled.byAcronym.get(normaliseApostrophe(m[0]));
    if (entries) raw.push({ start: m.index, end: m.index + m[0].length, entries });
  }
  if (raw.length === 0) {
    cache.set(ctx, NO_HITS);
    return NO_HITS;
  }
  // Overlapping cues from the two scans: keep the earlier, then the longer.
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  // Cues standing as whole words (not "ISO" in the code "ISO-27340918").
  const labelStarts = new Set<number>();
  for (const c of raw) if (!continuesCode(text.charCodeAt(c.end))) labelStarts.add(c.start);
  const hits: CueHit[] = [];
  let lastEnd = -1;
  for (const cue of raw) {
    if (cue.start < lastEnd) continue;
    CONNECTOR.lastIndex = cue.end;
    const c = CONNECTOR.exec(text);
    const connectorEnd = c ? c.index + c[0].length : cue.end;
    // A marker group that matched at all holds a marker word (each repetition needs one): no trim() to test it.
    const hasMarker = !!c && (!!c[1] || !!c[3]);
    const entry = firstEntry(cue.entries, hasMarker);
    if (!entry) continue;
    lastEnd = cue.end;
    const valueEnd = entry.kind === 'bic' ? parseBic(text, connectorEnd) : parseCodeValue(text, connectorEnd);
    // A value that starts with another label ("Reference: ISO 27001") belongs to that label.
    if (valueEnd <= connectorEnd || labelStarts.has(connectorEnd) || startsLikeStreetAddress(text, connectorEnd)) continue;
    hits.push({ entry, cueStart: cue.start, cueEnd: cue.end, valueStart: connectorEnd, valueEnd });
    // The value is consumed: words inside it are not cues ("ID 4471 REF").
    lastEnd = valueEnd;
  }
  cache.set(ctx, hits);
  return hits;
}

