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

  constructor(private readonly options: PipelineOptions = {}) {
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
    const spans = await this.analyzer.analyze(text, documentId);
    // A long document: what a stage (or a step of assess) left behind is collected before the
    // next one allocates, and the `basis` texts are worked out only if read.
    const long = isLong(text);
    if (long) heapTrim.afterStage();
    // The analyzer's spans are this run's own: assessed in place, not copied (one record per span fewer).
    const assessment = assessDocument(text, spans, { ...this.options, inPlace: true, explainLater: long, betweenSteps: long ? () => heapTrim.afterStage() : undefined });
    if (long) heapTrim.afterStage();
    if (this.llmAssessor) {
      assessment.spans = await this.llmAssessor.assess(assessment.spans, this.options.poolSize ?? 10_000);
    }
    return { spans: assessment.spans, assessment };
  }

  async redact(text: string, documentId?: string): Promise<DocumentResult> {
    const result = await this.detect(text, documentId);
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
