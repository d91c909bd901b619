/** Splice's public API: detect → resolve → assess → redact → report. */
export * from './taxonomy.js';
export type { Span, Candidate, Profile } from './types.js';
export { Analyzer, DetectorError, type AnalyzerOptions } from './detect/analyzer.js';
export type { Recognizer } from './detect/recognizer.js';
export { DetectionContext } from './detect/context.js';
export { normalize } from './detect/normalize.js';
export { resolve } from './resolve/resolver.js';
export { redactText, type RedactOptions } from './redact/redactor.js';
export { parsePolicy, DEFAULT_POLICY, uniformPolicy, type RedactionPolicy } from './redact/policy.js';
export { OPERATORS, type OperatorName } from './redact/operators.js';
export { Pipeline, type PipelineOptions, type DocumentResult } from "./pipeline.js";
export { compileRegExpsAtOnce } from './detect/regexp-tuning.js';
