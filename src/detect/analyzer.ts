import type { Candidate, Profile, Span } from '../types.js';
import type { Label } from '../taxonomy.js';
import { DetectionContext } from './context.js';
import type { Recognizer } from './recognizer.js';
import { builtInRecognizers } from './registry.js';
import { resolve } from '../resolve/resolver.js';
import { refineCandidates } from '../resolve/refiners.js';
import { recallFirstCandidates } from './recall/stage.js';

export interface AnalyzerOptions {
  profile?: Profile;
  /** Restrict detection to these labels. */
  labels?: readonly Label[];
  /** Recognizers added to the built-in ones (for example the LLM detector). */
  extraRecognizers?: readonly Recognizer[];
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

  constructor(options: AnalyzerOptions = {}) {
    this.profile = options.profile ?? 'balanced';
    this.labels = options.labels;
    this.recognizers = [...builtInRecognizers({ profile: this.profile, taggerModel: options.taggerModel }, options.labels), ...(options.extraRecognizers ?? [])];
  }

  get recognizerNames(): string[] {
    return this.recognizers.map((r) => r.name);
  }

  async analyze(text: string, documentId?: string): Promise<Span[]> {
    const ctx = new DetectionContext(text, documentId);
    const candidates: Candidate[] = [];
    for (const recognizer of this.recognizers) {
      let found: Candidate[];
      try {
        found = await recognizer.detect(ctx);
      } catch (err) {
        throw new DetectorError(recognizer.name, err);
      }
      collect(candidates, recognizer, found);
    }
    return this.finish(text, candidates);
  }

  /**
   * Synchronous variant for recognizers that are all synchronous (the built-in ones).
   * `time`, when given, runs each step (the shared context, each recognizer, the
   * refiners, the resolver, the recall-first stage) through it: bench/linearity.ts times them.
   */
  analyzeSync(text: string, time?: StageTimer): Span[] {
    const ctx = new DetectionContext(text);
    if (time) time('(context)', () => ctx.prepare());
    const candidates: Candidate[] = [];
    for (const recognizer of this.recognizers) {
      let found: Candidate[] | Promise<Candidate[]>;
      try {
        found = time ? time(recognizer.name, () => recognizer.detect(ctx)) : recognizer.detect(ctx);
      } catch (err) {
        throw new DetectorError(recognizer.name, err);
      }
      if (found instanceof Promise) throw new DetectorError(recognizer.name, new Error('asynchronous recognizer in analyzeSync'));
      collect(candidates, recognizer, found);
    }
    return this.finish(text, candidates, time);
  }

  private finish(text: string, candidates: Candidate[], time: StageTimer = untimed): Span[] {
    const options = { profile: this.profile };
    const keep = (list: Candidate[]) => (this.labels ? list.filter((c) => this.labels!.includes(c.label)) : list);
    const refined = time('(refine)', () => keep(refineCandidates(text, candidates, options)));
    const spans = time('(resolve)', () => resolve(text, refined));
    // The recall-first stage (src/detect/recall/) fills the gaps the resolved spans leave; what it
    // finds goes through the refiners too, so that a name it found is found at its other mentions.
    const gaps = time('recall-first', () => recallFirstCandidates(text, spans, this.profile));
    if (gaps.length === 0) return spans;
    const refinedAgain = time('(refine)', () => keep(refineCandidates(text, [...spans, ...gaps], options)));
    return time('(resolve)', () => resolve(text, refinedAgain));
  }
}

function collect(into: Candidate[], recognizer: Recognizer, found: Candidate[]): void {
  // Built field by field, not `{ ...c, source }`: V8 (Node 20) makes a spread followed by
  // more properties a slow dictionary-mode object, and later stages read these many times.
  for (const c of found) into.push(c.source ? c : { start: c.start, end: c.end, label: c.label, score: c.score, source: recognizer.name });
}
