import { deflateRawSync } from 'node:zlib';
import type { TextView } from './text.js';

/**
 * Turning masked words back into text, and what masking costs.
 *
 * Masks are spans over the ORIGINAL text (UTF-16, end exclusive). A redaction
 * span that cuts a word is widened to the whole word, so no part of a masked
 * word stays readable. Consecutive masked words separated only by spaces become
 * one mask, so the output does not reveal how many words were removed.
 */
export interface MaskSpan {
  start: number;
  end: number;
  /** Where the mask comes from: Splice's redaction (with its label) or a masking method. */
  source: string;
  label?: string;
}

export const DEFAULT_MASK_TEXT = '[MASK]';

/** Token indices overlapping any of the spans. */
export function tokensCovered(view: TextView, spans: readonly { start: number; end: number }[]): number[] {
  // Union of the spans, sorted and disjoint: then one pass with two pointers.
  const union: { start: number; end: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = union[union.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else if (s.end > s.start) union.push({ start: s.start, end: s.end });
  }
  const out: number[] = [];
  let j = 0;
  view.tokens.forEach((t, i) => {
    while (j < union.length && union[j].end <= t.start) j++;
    if (j < union.length && union[j].start < t.end) out.push(i);
  });
  return out;
}

/**
 * The mask spans for a set of masked tokens plus redaction spans: redaction
 * spans keep their label and are widened to whole words; masked tokens not
 * already inside one become `source` spans, merged across whitespace.
 */
export function maskSpans(view: TextView, masked: readonly number[], redaction: readonly { start: number; end: number; label?: string }[] = [], source = 'kanon'): MaskSpan[] {
  const tokens = view.tokens;
  const widened: MaskSpan[] = redaction.map((r) => {
    let start = r.start;
    let end = r.end;
    for (const i of tokensCovered(view, [r])) {
      start = Math.min(start, tokens[i].start);
      end = Math.max(end, tokens[i].end);
    }
    return { start, end, source: 'redaction', ...(r.label ? { label: r.label } : {}) };
  });
  const merged = mergeSpans(widened);
  const inRedaction = new Set(tokensCovered(view, merged));
  const own: MaskSpan[] = [];
  for (const i of [...new Set(masked)].sort((a, b) => a - b)) {
    if (inRedaction.has(i)) continue;
    const last = own[own.length - 1];
    if (last && /^\s*$/.test(view.text.slice(last.end, tokens[i].start))) last.end = tokens[i].end;
    else own.push({ start: tokens[i].start, end: tokens[i].end, source });
  }
  return mergeSpans([...merged, ...own]);
}

function mergeSpans(spans: MaskSpan[]): MaskSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: MaskSpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

/** The text with each span replaced: `[LABEL]` for a labelled redaction span, `maskText` otherwise. */
export function applyMaskSpans(text: string, spans: readonly MaskSpan[], maskText = DEFAULT_MASK_TEXT): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    out += text.slice(at, s.start) + (s.label ? `[${s.label}]` : maskText);
    at = s.end;
  }
  return out + text.slice(at);
}

/** The text with the spans removed outright (for the information measure). */
export function removeSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    out += text.slice(at, s.start);
    at = s.end;
  }
  return out + text.slice(at);
}

/** Compressed size in bytes (raw DEFLATE, level 9): a stand-in for information content. */
export function compressedSize(text: string): number {
  return text.length === 0 ? 0 : deflateRawSync(Buffer.from(text, 'utf8'), { level: 9 }).length;
}

export interface MaskingCost {
  words: number;
  maskedWords: number;
  /** Compressed size of the text before, and after the masks are removed. */
  compressedBefore: number;
  compressedAfter: number;
}

export function maskingCost(view: TextView, spans: readonly MaskSpan[]): MaskingCost {
  return {
    words: view.tokens.length,
    maskedWords: tokensCovered(view, spans).length,
    compressedBefore: compressedSize(view.text),
    compressedAfter: compressedSize(removeSpans(view.text, spans)),
  };
}

/** Totals over a corpus: share of words masked and information lost (1 − compressed after / before). */
export function summariseCost(costs: readonly MaskingCost[]): { words: number; maskedWords: number; maskedShare: number; informationLost: number } {
  const words = costs.reduce((a, c) => a + c.words, 0);
  const maskedWords = costs.reduce((a, c) => a + c.maskedWords, 0);
  const before = costs.reduce((a, c) => a + c.compressedBefore, 0);
  const after = costs.reduce((a, c) => a + c.compressedAfter, 0);
  return { words, maskedWords, maskedShare: words ? maskedWords / words : 0, informationLost: before ? 1 - after / before : 0 };
}

/**
 * Where spans of the original text land in the text built by applyMaskSpans
 * (for masks the input already carried, such as surrogates, so the output
 * keeps them marked). A span overlapping a replaced region is dropped: it is
 * inside a mask already.
 */
export function carryOver(spans: readonly { start: number; end: number }[], replaced: readonly MaskSpan[], maskText = DEFAULT_MASK_TEXT): { start: number; end: number }[] {
  const regions = [...replaced].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    let shift = 0;
    let inside = false;
    for (const r of regions) {
      if (r.end <= s.start) shift += (r.label ? r.label.length + 2 : maskText.length) - (r.end - r.start);
      else if (r.start < s.end) inside = true;
      else break;
    }
    if (!inside) out.push({ start: s.start + shift, end: s.end + shift });
  }
  return out;
}
