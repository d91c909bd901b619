import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Windows over a long document, so that detection's working memory is bounded
 * by the window, not the document. Each window has a core [cs, ce) — the cores
 * tile the document — and sees the text [ws, we) around it: a margin on each
 * side gives every recognizer the context it would have in the whole document
 * (their look-around is bounded: lines.ts looks 400 characters, the phrase
 * walk of the consistency refiner at most 16 short-gapped words). A candidate
 * belongs to the window whose core holds its start.
 *
 * Cuts fall at a paragraph break, else a line break, else a space near the
 * target size, and the margins run to a line boundary, so that no line is seen
 * in part by a recognizer that works per line.
 */
export interface TextWindow {
  /** Start of the text the window's recognizers see. */
  ws: number;
  /** Core: the candidates starting in [cs, ce) are this window's. */
  cs: number;
  ce: number;
  /** End of the text the window's recognizers see. */
  we: number;
}

/** Core size of a window, in UTF-16 units: documents up to this size (plus a margin) are one window. */
export const WINDOW_CORE = 256 * 1024;
/** Context on each side of a core. */
export const WINDOW_MARGIN = 8 * 1024;
/** How far a cut or a margin end may move to reach a paragraph, line or word boundary. */
const SLACK = 4096;

export function planWindows(text: string, core = WINDOW_CORE, margin = WINDOW_MARGIN): TextWindow[] {
  const n = text.length;
  if (n <= core + margin) return [{ ws: 0, cs: 0, ce: n, we: n }];
  const cuts = [0];
  for (let at = 0; n - at > core + margin; ) {
    at = cutNear(text, at + core, Math.min(SLACK, core >> 2));
    cuts.push(at);
  }
  cuts.push(n);
  const windows: TextWindow[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const cs = cuts[i];
    const ce = cuts[i + 1];
    windows.push({ ws: cs === 0 ? 0 : lineStartAtOrBefore(text, cs - margin), cs, ce, we: ce === n ? n : lineEndAtOrAfter(text, ce + margin) });
  }
  return windows;
}

/** A cut at or before `target` (no further back than `slack`): after a blank line, else after a line break, else after a space. */
function cutNear(text: string, target: number, slack: number): number {
  const from = target - slack;
  const region = text.slice(from, target);
  const para = region.lastIndexOf('\n\n');
  if (para >= 0) return from + para + 2;
  const line = region.lastIndexOf('\n');
  if (line >= 0) return from + line + 1;
  const space = region.lastIndexOf(' ');
  if (space >= 0) return from + space + 1;
  // No boundary at all (one long run): cut anywhere but inside a surrogate pair.
  const c = text.charCodeAt(target);
  return c >= 0xdc00 && c <= 0xdfff ? target - 1 : target;
}

/** The start of a line at or before `pos` (at most SLACK back), else `pos` moved back to just after a space. */
function lineStartAtOrBefore(text: string, pos: number): number {
  if (pos <= 0) return 0;
  const from = Math.max(0, pos - SLACK);
  const region = text.slice(from, pos);
  const nl = region.lastIndexOf('\n');
  if (nl >= 0) return from + nl + 1;
  if (from === 0) return 0;
  const space = region.lastIndexOf(' ');
  return space >= 0 ? from + space + 1 : pos;
}

/** The end of a line (after its line break) at or after `pos` (at most SLACK ahead), else `pos` moved on to a space. */
function lineEndAtOrAfter(text: string, pos: number): number {
  if (pos >= text.length) return text.length;
  const to = Math.min(text.length, pos + SLACK);
  const region = text.slice(pos, to);
  const nl = region.indexOf('\n');
  if (nl >= 0) return pos + nl + 1;
  if (to === text.length) return to;
  const space = region.indexOf(' ');
  return space >= 0 ? pos + space : pos;
}

/**
 * A window's working data (tokens, views, caches: about 150 bytes per character) lives long
 * enough to be promoted to V8's old generation, where it is reclaimed only by a full
 * collection, and V8 lets the old generation grow to a few times what was alive at the last
 * one. Over a long document that growth, not what is alive, set the peak memory. After a
 * window, when the heap has grown by more than HEAP_SLACK since the last collection, a full
 * collection runs (gc made callable through v8 flags; a few tens of ms per collection).
 */
const HEAP_SLACK = 192 * 1024 * 1024;
/** Growth that a full collection between two stages of a long document is worth (tens of ms per collection). */
const STAGE_SLACK = 32 * 1024 * 1024;
export const heapTrim = {
  collect: undefined as undefined | null | (() => void),
  after: 0,
  afterWindow(): void {
    this.collectIfGrown(HEAP_SLACK);
  },
  /**
   * Between the stages of a long document (detection → assess → redact, src/pipeline.ts):
   * what a stage left behind (a whole document's candidates, its per-element working data)
   * is garbage by then, so a full collection there lowers the peak of the next stage.
   */
  afterStage(): void {
    this.collectIfGrown(STAGE_SLACK);
  },
  collectIfGrown(slack: number): void {
    if (this.collect === undefined) {
      try {
        v8.setFlagsFromString('--expose-gc');
        this.collect = runInNewContext('gc') as () => void;
      } catch {
        this.collect = null;
      }
    }
    if (!this.collect) return;
    const used = v8.getHeapStatistics().used_heap_size;
    if (used - this.after < slack) return;
    this.collect();
    this.after = v8.getHeapStatistics().used_heap_size;
  },
};
