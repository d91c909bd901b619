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
}

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
    this.recognizers = [...builtInRecognizers({ profile: this.profile }, options.labels), ...(options.extraRecognizers ?? [])];
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

  /** Synchronous variant for recognizers that are all synchronous (the built-in ones). */
  analyzeSync(text: string): Span[] {
    const ctx = new DetectionContext(text);
    const candidates: Candidate[] = [];
    for (const recognizer of this.recognizers) {
      let found: Candidate[] | Promise<Candidate[]>;
      try {
        found = recognizer.detect(ctx);
      } catch (err) {
        throw new DetectorError(recognizer.name, err);
      }
      if (found instanceof Promise) throw new DetectorError(recognizer.name, new Error('asynchronous recognizer in analyzeSync'));
      collect(candidates, recognizer, found);
    }
    return this.finish(text, candidates);
  }

  private finish(text: string, candidates: Candidate[]): Span[] {
    // The recall-first stage fills the gaps the recognizers leave (src/detect/recall/).
    for (const c of recallFirstCandidates(text, candidates, this.profile)) candidates.push(c);
    const refined = refineCandidates(text, candidates, { profile: this.profile });
    const filtered = this.labels ? refined.filter((c) => this.labels!.includes(c.label)) : refined;
    return resolve(text, filtered);
  }
}

function collect(into: Candidate[], recognizer: Recognizer, found: Candidate[]): void {
  for (const c of found) into.push(c.source ? c : { ...c, source: recognizer.name });
}
