import { Analyzer, type AnalyzerOptions } from './detect/analyzer.js';
import { heapTrim, WINDOW_CORE, WINDOW_MARGIN } from './detect/windows.js';
import { assessDocument, type AssessOptions, type DocumentAssessment, type RedactionScope } from './assess/index.js';
import { redactText } from './redact/redactor.js';
import type { RedactionPolicy } from './redact/policy.js';
import type { OperatorSettings } from './redact/operators.js';
import type { Span } from './types.js';
import type { LlmConfig } from './llm/config.js';
import { LlmRecognizer } from './llm/recognizer.js';
import { LlmAssessor } from './llm/assessor.js';

/**
 * The whole pipeline for one document: detect → resolve → assess → redact.
 * The CLI, the batch workers and the evaluation harness all go through here.
 */
export interface PipelineOptions extends AnalyzerOptions, AssessOptions {
  /** 'all' redacts every detected element; 'identifying' keeps those judged harmless. */
  scope?: RedactionScope;
  policy?: RedactionPolicy;
  operatorSettings?: Partial<OperatorSettings>;
  /** Enables the LLM detector (and, with `llm.assess`, its identifiability pass). */
  llm?: LlmConfig;
}

export interface DocumentResult {
  spans: Span[];
  assessment: DocumentAssessment;
  redacted?: string;
}

export class Pipeline {
  private readonly analyzer: Analyzer;
  /** The LLM detector when enabled; its stats are readable after a run. */
  readonly llmRecognizer?: LlmRecognizer;
  private readonly llmAssessor?: LlmAssessor;
  /**
   * The assess options of a document, made once (not one spread of the options per document): the
   * analyzer's spans are this run's own, assessed in place (one record per span fewer). Long
   * documents: what a step of assess leaves behind is collected before the next one allocates, and
   * the `basis` texts are worked out only if read.
   */
  private readonly assessOptions: AssessOptions;
  private readonly assessLongOptions: AssessOptions;

  constructor(private readonly options: PipelineOptions = {}) {
    this.assessOptions = { ...options, inPlace: true, explainLater: false, betweenSteps: undefined };
    this.assessLongOptions = { ...options, inPlace: true, explainLater: true, betweenSteps: () => heapTrim.afterStage() };
    const extra = [...(options.extraRecognizers ?? [])];
    if (options.llm) {
      this.llmRecognizer = new LlmRecognizer(options.llm);
      extra.push(this.llmRecognizer);
      if (options.llm.assess) this.llmAssessor = new LlmAssessor(options.llm);
    }
    this.analyzer = new Analyzer({ ...options, extraRecognizers: extra });
  }

  /** `documentId` names the document in warnings and errors; its text is never logged. */
  async detect(text: string, documentId?: string): Promise<DocumentResult> {
    const result = this.assessed(text, await this.analyzer.analyze(text, documentId));
    if (this.llmAssessor) {
      result.assessment.spans = await this.llmAssessor.assess(result.assessment.spans, this.options.poolSize ?? 10_000);
      result.spans = result.assessment.spans;
    }
    return result;
  }

  async redact(text: string, documentId?: string): Promise<DocumentResult> {
    return this.withRedaction(text, await this.detect(text, documentId));
  }

  /**
   * Several documents at once: the same results as `detect` on each, in order, and faster on many
   * short documents (each recognizer runs over the whole group in turn: Analyzer.analyzeManySync).
   * With the LLM detector or extra recognizers (asynchronous) the documents run one by one.
   * One failure rejects the call; src/cli/processor.ts then retries the documents one by one.
   */
  async detectMany(texts: readonly string[]): Promise<DocumentResult[]> {
    if (this.oneByOne) {
      const out: DocumentResult[] = [];
      for (const text of texts) out.push(await this.detect(text));
      return out;
    }
    const spans = this.analyzer.analyzeManySync(texts);
    return texts.map((text, i) => this.assessed(text, spans[i]));
  }

  /** `redact` on several documents at once (see detectMany). */
  async redactMany(texts: readonly string[]): Promise<DocumentResult[]> {
    const results = await this.detectMany(texts);
    return results.map((result, i) => this.withRedaction(texts[i], result));
  }

  /** Recognizers that may be asynchronous: documents cannot be grouped. */
  private get oneByOne(): boolean {
    return this.llmRecognizer !== undefined || (this.options.extraRecognizers?.length ?? 0) > 0;
  }

  private assessed(text: string, spans: Span[]): DocumentResult {
    // A long document: what a stage left behind is collected before the next one allocates.
    const long = isLong(text);
    if (long) heapTrim.afterStage();
    const assessment = assessDocument(text, spans, long ? this.assessLongOptions : this.assessOptions);
    if (long) heapTrim.afterStage();
    return { spans: assessment.spans, assessment };
  }

  private withRedaction(text: string, result: DocumentResult): DocumentResult {
    const keepHarmless = this.options.scope === 'identifying';
    const redacted = redactText(text, result.spans, {
      policy: this.options.policy,
      settings: this.options.operatorSettings,
      keep: keepHarmless ? (s) => (s.redact ?? s.identifying) === false : undefined,
    });
    return { ...result, redacted };
  }
}

/** Documents analysed in more than one window (src/detect/windows.ts): their stages' garbage runs to hundreds of MB. */
function isLong(text: string): boolean {
  return text.length > WINDOW_CORE + WINDOW_MARGIN;
}
