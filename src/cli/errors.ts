import { DetectorError } from '../detect/analyzer.js';

/**
 * Exit codes of the `splice` command line:
 *
 * | code | meaning                                                                  |
 * |------|--------------------------------------------------------------------------|
 * | 0    | success (every document processed)                                      |
 * | 1    | processing error: the engine failed on at least one document            |
 * | 2    | usage error: unknown command or option, invalid option value            |
 * | 3    | input error: unreadable / binary / invalid UTF-8 / over-size input      |
 *
 * When several documents are processed and some fail, the run goes on with the
 * others and exits 1 if any processing error happened, else 3 if any input was
 * rejected.
 */
export const ExitCode = {
  Ok: 0,
  ProcessingError: 1,
  UsageError: 2,
  InputError: 3,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error that ends the command with a specific exit code. Its message must never contain document text. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: ExitCodeValue) {
    super(message);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.UsageError);
    this.name = 'UsageError';
  }
}

/** Input that cannot be processed: names the file / line / id, never the content. */
export class InputError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.InputError);
    this.name = 'InputError';
  }
}

/**
 * A pipeline failure whose message is already safe to print (built by
 * safeProcessingMessage, e.g. in a worker thread before crossing back).
 */
export class ProcessingFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessingFailure';
  }
}

/** A worker thread died while processing a document. */
export class WorkerCrashError extends ProcessingFailure {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashError';
  }
}

/**
 * An error whose author guarantees that its message holds no document text
 * (it names a server, a limit, an option to change) marks itself with
 * `printable: true`; the LLM client's errors do (src/llm/client.ts).
 */
export function isPrintable(err: unknown): err is Error & { printable: true } {
  return err instanceof Error && (err as { printable?: unknown }).printable === true;
}

/**
 * A message about a pipeline failure that is safe to print: recognizers may put
 * document text into their own error messages, so only the recognizer's name
 * and the error's class are reported, plus the cause when it is `printable`
 * (`detector "llm" failed: connection refused at http://…/v1/chat/completions (…)`).
 */
export function safeProcessingMessage(err: unknown): string {
  if (err instanceof ProcessingFailure) return err.message;
  if (err instanceof DetectorError) {
    const cause = err.cause;
    return isPrintable(cause) ? `detector "${err.recognizer}" failed: ${cause.message}` : `detector "${err.recognizer}" failed`;
  }
  if (isPrintable(err)) return err.message;
  const name = err instanceof Error ? err.name : typeof err;
  return `processing failed (${name})`;
}

/** The worse of two exit codes for a multi-document run: processing errors outrank input errors. */
export function worseExitCode(a: ExitCodeValue, b: ExitCodeValue): ExitCodeValue {
  const rank = (c: ExitCodeValue) => (c === ExitCode.ProcessingError ? 3 : c === ExitCode.InputError ? 2 : c === ExitCode.UsageError ? 1 : 0);
  return rank(a) >= rank(b) ? a : b;
}
