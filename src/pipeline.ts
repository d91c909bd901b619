import { Analyzer, type AnalyzerOptions } from './detect/analyzer.js';
import { assessDocument, type AssessOptions, type DocumentAssessment, type RedactionScope } from './assess/index.js';
import { redactText } from './redact/redactor.js';
import type { RedactionPolicy } from './redact/policy.js';
import type { OperatorSettings } from './redact/operators.js';
import type { Span } from './types.js';

/**
 * The whole pipeline for one document: detect → resolve → assess → redact.
 * The CLI, the batch workers and the evaluation harness all go through here.
 */
export interface PipelineOptions extends AnalyzerOptions, AssessOptions {
  /** 'all' redacts every detected element; 'identifying' keeps those judged harmless. */
  scope?: RedactionScope;
  policy?: RedactionPolicy;
  operatorSettings?: Partial<OperatorSettings>;
}

export interface DocumentResult {
  spans: Span[];
  assessment: DocumentAssessment;
  redacted?: string;
}

export class Pipeline {
  private readonly analyzer: Analyzer;

  constructor(private readonly options: PipelineOptions = {}) {
    this.analyzer = new Analyzer(options);
  }

  async detect(text: string): Promise<DocumentResult> {
    const spans = await this.analyzer.analyze(text);
    const assessment = assessDocument(text, spans, this.options);
    return { spans: assessment.spans, assessment };
  }

  async redact(text: string): Promise<DocumentResult> {
    const result = await this.detect(text);
    const keepHarmless = this.options.scope === 'identifying';
    const redacted = redactText(text, result.spans, {
      policy: this.options.policy,
      settings: this.options.operatorSettings,
      keep: keepHarmless ? (s) => s.identifying === false : undefined,
    });
    return { ...result, redacted };
  }
}
