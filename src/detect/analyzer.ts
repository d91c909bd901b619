import type { Candidate, Profile, Span } from '../types.js';
import type { Label } from '../taxonomy.js';
import { DetectionContext, type DocumentFacts } from './context.js';
import type { Recognizer } from './recognizer.js';
import { builtInRecognizers } from './registry.js';
import { resolveColumns } from '../resolve/resolver.js';
import { refineColumns } from '../resolve/refiners.js';
import { CandidateColumns } from '../resolve/candidate-columns.js';
import { recallFirstCandidates } from './recall/stage.js';
import { heapTrim, planWindows, WINDOW_CORE, type TextWindow } from './windows.js';
import { tokenize, tokensOf } from './recognizers/names/tokens.js';
import { presetLowerCaseKeys } from './recognizers/names/classify.js';
import { speakerMatches } from './recognizers/names/speakers.js';
import { EVASION_PASS_NAME } from './evasion-pass.js';

export interface AnalyzerOptions {
  profile?: Profile;
  /** Restrict detection to these labels. */
  labels?: readonly Label[];
  /** Recognizers added to the built-in ones (for example the LLM detector). */
  extraRecognizers?: readonly Recognizer[];
  /**
   * Documents longer than this many characters (plus a margin) are analysed in windows of
   * this size (src/detect/windows.ts): memory stays bounded, the spans are the same.
   */
  windowChars?: number;
  /** The statistical tagger's model file (`--model`, trained by `splice train`); default: the bundled data/model/tagger.json.gz. */
  taggerModel?: string;
}

/** Runs one step of the analysis and returns its result (a benchmark times it; see analyzeSync). */
export type StageTimer = <T>(stage: string, run: () => T) => T;
const untimed: StageTimer = (_stage, run) => run();

/** Raised when a recognizer fails: Splice fails closed rather than under-redact. */
export class DetectorError extends Error {
  constructor(readonly recognizer: string, cause: unknown) {
    // The cause is kept (safeProcessingMessage prints it only when it is marked `printable`).
    super(`detector "${recognizer}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DetectorError';
  }
}

/**
 * The detect stage: runs every recognizer over the text, applies the
 * document-level refiners, and resolves overlaps into final spans.
 */
export class Analyzer {
  readonly profile: Profile;
  private readonly recognizers: readonly Recognizer[];
  private readonly labels?: readonly Label[];
  /** How many of `recognizers` are built-in (the rest are `extraRecognizers`). */
  private readonly builtIns: number;
  private readonly windowCore: number;
  /** Index of the evasion pass in `recognizers`, or -1. */
  private readonly evasionIndex: number;

  constructor(options: AnalyzerOptions = {}) {
    this.profile = options.profile ?? 'balanced';
    this.labels = options.labels;
    const builtIn = builtInRecognizers({ profile: this.profile, taggerModel: options.taggerModel }, options.labels);
    this.builtIns = builtIn.length;
    this.recognizers = [...builtIn, ...(options.extraRecognizers ?? [])];
    this.windowCore = options.windowChars ?? WINDOW_CORE;
    this.evasionIndex = builtIn.findIndex((r) => r.name === EVASION_PASS_NAME);
  }

  get recognizerNames(): string[] {
    return this.recognizers.map((r) => r.name);
  }

  async analyze(text: string, documentId?: string): Promise<Span[]> {
    const windows = planWindows(text, this.windowCore);
    if (windows.length === 1) {
      const ctx = new DetectionContext(text, documentId);
      // Each recognizer's candidates straight into the columns, as `ordered` would put them.
      const candidates = new CandidateColumns(0);
      for (const recognizer of this.recognizers) {
        let got = detectWith(recognizer, ctx);
        if (got instanceof Promise) got = await got;
        appendOrdered(candidates, got, recognizer.name);
      }
      return this.finish(text, candidates, windows);
    }
    // A long document: the built-in recognizers run window by window (bounded memory); the
    // extra ones (the LLM detector, which chunks the text itself) once on the whole text.
    const found: Found[] = this.recognizers.map(collecting);
    const facts = documentFacts(text, windows);
    const missed: TextWindow[] = [];
    for (const w of windows) {
      const ctx = windowContext(text, w, facts, documentId);
      for (let r = 0; r < this.builtIns; r++) {
        let got = detectWith(this.recognizers[r], ctx);
        if (got instanceof Promise) got = await got;
        keepInCore(found[r], got, w);
      }
      this.noteEvasion(ctx, facts, w, missed);
      heapTrim.afterWindow();
    }
    for (const w of facts.evasive ? missed : []) {
      const r = this.evasionIndex;
      keepInCore(found[r], await detectWith(this.recognizers[r], windowContext(text, w, facts, documentId)), w);
    }
    const whole = new DetectionContext(text, documentId);
    for (let r = this.builtIns; r < this.recognizers.length; r++) found[r] = { source: this.recognizers[r].name, list: await detectWith(this.recognizers[r], whole) };
    return this.finish(text, ordered(found), windows);
  }

  /**
   * Synchronous variant for recognizers that are all synchronous (the built-in ones).
   * `time`, when given, runs each step (the shared context, each recognizer, the
   * refiners, the resolver, the recall-first stage) through it: bench/linearity.ts times them.
   */
  analyzeSync(text: string, time?: StageTimer): Span[] {
    const windows = planWindows(text, this.windowCore);
    const found: Found[] = this.recognizers.map(collecting);
    const facts = windows.length === 1 ? undefined : (time ?? untimed)('(context)', () => documentFacts(text, windows));
    const run = (r: number, ctx: DetectionContext, w: TextWindow) => {
      const recognizer = this.recognizers[r];
      const out = time ? time(recognizer.name, () => detectWith(recognizer, ctx)) : detectWith(recognizer, ctx);
      if (out instanceof Promise) throw new DetectorError(recognizer.name, new Error('asynchronous recognizer in analyzeSync'));
      if (windows.length === 1) found[r] = { source: recognizer.name, list: out };
      else keepInCore(found[r], out, w);
    };
    const missed: TextWindow[] = [];
    for (const w of windows) {
      const ctx = facts ? windowContext(text, w, facts) : new DetectionContext(text);
      if (time) time('(context)', () => ctx.prepare());
      for (let r = 0; r < this.recognizers.length; r++) run(r, ctx, w);
      if (facts) {
        this.noteEvasion(ctx, facts, w, missed);
        heapTrim.afterWindow();
      }
    }
    for (const w of facts?.evasive ? missed : []) run(this.evasionIndex, windowContext(text, w, facts!), w);
    return this.finish(text, ordered(found), windows, time);
  }

  /**
   * Several documents at once: the same spans as analyzeSync on each, in order. Each recognizer
   * runs over every document of the group before the next recognizer starts, so that its lists,
   * tries and compiled patterns stay in the processor's caches (run document by document, the
   * ~60 recognizers evict one another's tables on every short document). A document long enough
   * for windows is analysed alone. Synchronous recognizers only; one failure fails the call.
   */
  analyzeManySync(texts: readonly string[], time?: StageTimer): Span[][] {
    const out: Span[][] = new Array(texts.length);
    const members: number[] = [];
    const windows: TextWindow[][] = [];
    for (let d = 0; d < texts.length; d++) {
      const planned = planWindows(texts[d], this.windowCore);
      if (planned.length > 1) {
        out[d] = this.analyzeSync(texts[d]);
        continue;
      }
      members.push(d);
      windows.push(planned);
    }
    const contexts: Array<DetectionContext | undefined> = new Array(members.length);
    // Each document's candidates go into its columns as each recognizer returns them (as `ordered`
    // would put them): the candidate objects die young, not after the whole group has been read.
    const columns: Array<CandidateColumns | undefined> = new Array(members.length);
    for (let m = 0; m < members.length; m++) {
      contexts[m] = new DetectionContext(texts[members[m]]);
      columns[m] = new CandidateColumns(COLUMNS_PER_DOCUMENT);
    }
    for (const recognizer of this.recognizers) {
      if (time) time(recognizer.name, () => runOnAll(recognizer, contexts, columns));
      else runOnAll(recognizer, contexts, columns);
    }
    for (let m = 0; m < members.length; m++) {
      // The document's context is no longer needed: released before its refiners and resolver allocate.
      contexts[m] = undefined;
      const candidates = columns[m]!;
      columns[m] = undefined;
      out[members[m]] = this.finish(texts[members[m]], candidates, windows[m], time);
    }
    return out;
  }

  /**
   * The evasion pass runs on every window once any window needs it (as on the whole text in a
   * whole-document run): a window read before that is noted in `missed`, to be caught up.
   */
  private noteEvasion(ctx: DetectionContext, facts: DocumentFacts, w: TextWindow, missed: TextWindow[]): void {
    if (this.evasionIndex < 0 || facts.evasive) return;
    if (ctx.normalized.evasive) facts.evasive = true;
    else missed.push(w);
  }

  private finish(text: string, candidates: CandidateColumns, windows: readonly TextWindow[], time: StageTimer = untimed): Span[] {
    const options = { profile: this.profile, regions: windows.length > 1 ? windows : undefined };
    const keep = (list: CandidateColumns) => {
      if (this.labels) list.filter((i) => this.labels!.includes(list.label(i)));
      return list;
    };
    // A long document (several windows): what each step leaves behind is collected before the
    // next one builds its own (a peak-memory measure; see heapTrim in windows.ts).
    const trim = windows.length > 1 ? () => heapTrim.afterStage() : () => {};
    trim();
    // The candidates are in columns (src/resolve/candidate-columns.ts): a long document has millions.
    const refined = time('(refine)', () => keep(refineColumns(text, candidates, options)));
    if (refined !== candidates) candidates.release();
    trim();
    const spans = time('(resolve)', () => resolveColumns(text, refined, { betweenSteps: trim }));
    refined.release();
    trim();
    // The recall-first stage (src/detect/recall/) fills the gaps the resolved spans leave; what it
    // finds goes through the refiners too, so that a name it found is found at its other mentions.
    const gaps = time('recall-first', () => (windows.length === 1 ? recallFirstCandidates(text, spans, this.profile) : recallFirstByWindow(text, spans, windows, this.profile)));
    if (gaps.length === 0) return spans;
    const all = CandidateColumns.from(spans);
    for (const g of gaps) all.push(g.start, g.end, g.label, g.score, g.source ?? 'unknown');
    const refinedAgain = time('(refine)', () => keep(refineColumns(text, all, options)));
    return time('(resolve)', () => resolveColumns(text, refinedAgain, { betweenSteps: trim }));
  }
}

/**
 * What recognizers learn from the whole document (context.ts DocumentFacts), computed window by
 * window before a windowed run. `evasive` is known only once every window has been read: the
 * windows read before it turned true get the evasion pass afterwards (see evasionCatchUp).
 */
function documentFacts(text: string, windows: readonly TextWindow[]): DocumentFacts {
  const lowerCaseKeys = new Set<string>();
  const speakerCounts = new Map<string, number>();
  for (const w of windows) {
    const part = text.slice(w.ws, w.we);
    for (const t of tokenize(part)) {
      const start = t.start + w.ws;
      if (start >= w.cs && start < w.ce && t.shape === 'lower') lowerCaseKeys.add(t.key);
    }
    for (const f of speakerMatches(part)) {
      const start = f.start + w.ws;
      if (start >= w.cs && start < w.ce) speakerCounts.set(f.key, (speakerCounts.get(f.key) ?? 0) + 1);
    }
  }
  return { lowerCaseKeys, speakerCounts, evasive: false };
}

/** The detection context of one window, told the document's facts. */
function windowContext(text: string, w: TextWindow, facts: DocumentFacts, documentId?: string): DetectionContext {
  const ctx = new DetectionContext(text.slice(w.ws, w.we), documentId, facts);
  presetLowerCaseKeys(tokensOf(ctx), facts.lowerCaseKeys);
  return ctx;
}

/** A recognizer's candidates; awaited only when it is asynchronous (the built-in ones are not: no microtask each). */
function detectWith(recognizer: Recognizer, ctx: DetectionContext): Candidate[] | Promise<Candidate[]> {
  let out: Candidate[] | Promise<Candidate[]>;
  try {
    out = recognizer.detect(ctx);
  } catch (err) {
    throw new DetectorError(recognizer.name, err);
  }
  if (!(out instanceof Promise)) return out;
  return out.catch((err: unknown) => {
    throw new DetectorError(recognizer.name, err);
  });
}

/**
 * One recognizer's candidates, and its name: the source of those that carry none. The list may be
 * the recognizer's own (a shared empty array, a memo): it is read, never changed.
 */
interface Found {
  source: string;
  list: readonly Candidate[];
}

const NOTHING: readonly Candidate[] = [];

/** An empty list that keepInCore fills, window by window. */
function collecting(recognizer: Recognizer): Found {
  return { source: recognizer.name, list: [] };
}

/** Appends the candidates of a window (offsets in the window's text) whose start is in its core, in document offsets. */
function keepInCore(into: Found, found: readonly Candidate[], w: TextWindow): void {
  const list = into.list as Candidate[];
  for (const c of found) {
    const start = c.start + w.ws;
    if (start < w.cs || start >= w.ce) continue;
    list.push({ start, end: c.end + w.ws, label: c.label, score: c.score, source: c.source || into.source });
  }
}

/**
 * All candidates, recognizer by recognizer, each recognizer's sorted by start (stable: same
 * start, same order as found). One order whether the document was read whole or in windows,
 * so that ties later (in the resolver, between seeds of the refiners) fall the same way.
 * Each list is let go once read into the columns.
 */
function ordered(found: Found[]): CandidateColumns {
  let total = 0;
  for (const f of found) total += f.list.length;
  const out = new CandidateColumns(total);
  for (const f of found) {
    appendOrdered(out, f.list, f.source);
    // Read into the columns: released (a long document's lists hold millions of candidates).
    f.list = NOTHING;
  }
  return out;
}

/**
 * One recognizer's candidates appended to `out`, sorted by start (stable); a candidate's own
 * source, else the recognizer's name (no copy of each candidate to set it).
 */
function appendOrdered(out: CandidateColumns, list: readonly Candidate[], source: string): void {
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = list[i - 1].start <= list[i].start;
  if (!sorted) list = [...list].sort((a, b) => a.start - b.start);
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    out.push(c.start, c.end, c.label, c.score, c.source || source);
  }
}

/**
 * Room for this many candidates in a grouped document's columns at first: none (half of the short
 * documents have two candidates or fewer; the columns grow on the first push).
 */
const COLUMNS_PER_DOCUMENT = 0;

/** analyzeManySync's step: one recognizer over every document of the group, its candidates into each document's columns. */
function runOnAll(recognizer: Recognizer, contexts: ReadonlyArray<DetectionContext | undefined>, columns: ReadonlyArray<CandidateColumns | undefined>): void {
  for (let m = 0; m < contexts.length; m++) {
    const got = detectWith(recognizer, contexts[m]!);
    if (got instanceof Promise) throw new DetectorError(recognizer.name, new Error('asynchronous recognizer in analyzeManySync'));
    appendOrdered(columns[m]!, got, recognizer.name);
  }
}

/** The recall-first stage window by window: each window sees the resolved spans in it, and keeps what starts in its core. */
function recallFirstByWindow(text: string, spans: readonly Span[], windows: readonly TextWindow[], profile: Profile): Candidate[] {
  const out: Candidate[] = [];
  let first = 0;
  for (const w of windows) {
    while (first < spans.length && spans[first].end <= w.ws) first++;
    const local: Candidate[] = [];
    for (let i = first; i < spans.length && spans[i].start < w.we; i++) {
      const s = spans[i];
      local.push({ start: Math.max(s.start, w.ws) - w.ws, end: Math.min(s.end, w.we) - w.ws, label: s.label, score: s.score, source: s.source });
    }
    for (const c of recallFirstCandidates(text.slice(w.ws, w.we), local, profile)) {
      const start = c.start + w.ws;
      if (start >= w.cs && start < w.ce) out.push({ start, end: c.end + w.ws, label: c.label, score: c.score, source: c.source });
    }
    heapTrim.afterWindow();
  }
  return out;
}
