import { normalize, toOriginalRange, type NormalizedText } from './normalize.js';
import { tokensOf } from './recognizers/names/tokens.js';
import { memoSlots } from './context-memo.js';

/**
 * Facts about the whole document, given to the context of each window when a long document
 * is analysed in windows (analyzer.ts, windows.ts), so that a recognizer that looks at the
 * whole document decides as it would in a whole-document run.
 */
export interface DocumentFacts {
  /** Keys of the words the document writes in lower case (names/classify.ts). */
  lowerCaseKeys: Set<string>;
  /** How many lines of the document each speaker label opens (names/speakers.ts). */
  speakerCounts: Map<string, number>;
  /** Some part of the document hides text with look-alike or invisible characters (evasion-pass.ts). */
  evasive: boolean;
}

/**
 * What every recognizer sees: the original text, a lazily built normalised view
 * (see normalize.ts), and helpers to look at the words around a match.
 */
export class DetectionContext {
  readonly text: string;
  private normalizedView?: NormalizedText;
  private lowerText?: string;

  /** Identifier of the document (for warnings; never its text). */
  readonly documentId?: string;

  /** Set when this context is one window of a longer document. */
  readonly document?: DocumentFacts;

  /** Values the recognizers work out once per document and share, by slot (context-memo.ts). */
  private slots?: unknown[];

  constructor(text: string, documentId?: string, document?: DocumentFacts) {
    this.text = text;
    this.documentId = documentId;
    this.document = document;
  }

  get normalized(): NormalizedText {
    if (!this.normalizedView) this.normalizedView = normalize(this.text);
    return this.normalizedView;
  }

  /** The original text in lower case (same length and offsets). */
  get lower(): string {
    if (this.lowerText === undefined) this.lowerText = sameLengthLower(this.text);
    return this.lowerText;
  }

  /**
   * Builds the views shared by the recognizers now rather than on first use
   * (the benchmarks time this apart from the recognizers).
   */
  prepare(): this {
    void this.normalized;
    void this.lower;
    tokensOf(this);
    return this;
  }

  /** The value kept in `slot` for this document, or undefined. */
  slotValue(slot: number): unknown {
    return this.slots?.[slot];
  }

  /** Keeps `value` in `slot` for as long as this context lives. */
  setSlot(slot: number, value: unknown): void {
    // Room for every memo's slot at once: one array, never grown past its end or left with holes.
    const slots = (this.slots ??= new Array<unknown>(Math.max(memoSlots(), slot + 1)).fill(undefined));
    while (slots.length <= slot) slots.push(undefined);
    slots[slot] = value;
  }

  /** Convert a range in the normalised view to one in the original text. */
  fromNormalized(start: number, end: number): [number, number] {
    return toOriginalRange(this.normalized, start, end);
  }

  /** Lower-cased text of up to `chars` characters before `start`. */
  before(start: number, chars = 40): string {
    return this.lower.slice(Math.max(0, start - chars), start);
  }

  /** Lower-cased text of up to `chars` characters after `end`. */
  after(end: number, chars = 40): string {
    return this.lower.slice(end, end + chars);
  }

  /** True if `cue` matches in the window before `start` (or after `end` when given). */
  hasCue(cue: RegExp, start: number, end?: number, window = 40): boolean {
    if (cue.test(this.before(start, window))) return true;
    return end !== undefined && cue.test(this.after(end, window));
  }
}

/**
 * Lower case that keeps every offset: a few characters grow when lower-cased
 * ("İ" becomes "i̇", two UTF-16 units); those keep a one-unit lower form.
 */
export function sameLengthLower(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i].toLowerCase();
    out += ch.length === 1 ? ch : ch[0];
  }
  return out;
}
