import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { PipelineOptions } from '../pipeline.js';
import { ExitCode, InputError, UsageError, safeProcessingMessage, worseExitCode, type ExitCodeValue } from './errors.js';
import { collectInputFiles, readInputFile, readStdinDocument, type InputFile } from './input.js';
import type { InputSettings } from './options.js';
import { mapOrdered } from './ordered.js';
import { InputSet } from './output-guard.js';
import { compileRegExpsAtOnce } from '../detect/regexp-tuning.js';
import { createProcessor, type Mode, type ProcessedDocument } from './processor.js';
import { createProgress } from './progress.js';
import { toOutputSpan } from './spans.js';
import { writeChunk, type CliIO } from './stream-io.js';

/**
 * Single documents (a file or stdin) and sets of files (several paths, folders).
 *
 * detect: one document → a pretty-printed JSON object {"path"?, "spans"};
 *         several files → one compact JSON object per file and line
 *         ({"path","spans"} or {"path","error"}), in the order found.
 * redact: one document → the redacted text only;
 *         several files → each under a header line "==> PATH <==", or with
 *         --out-dir written to DIR under the same relative path.
 * Errors go to stderr naming the file; a document the pipeline failed on is
 * never printed or written (fail closed).
 */
export interface DocumentRunOptions {
  mode: Mode;
  paths: readonly string[];
  input: InputSettings;
  pipeline: PipelineOptions;
  /** redact: write redacted copies under this folder. */
  outDir?: string;
  /** detect: single-line JSON even for one document. */
  compact?: boolean;
  /** Injected by tests (e.g. a processor that fails); defaults to createProcessor. */
  processorFactory?: typeof createProcessor;
}

type Outcome = { ok: ProcessedDocument; text: string } | { error: string; code: ExitCodeValue; unused?: true };

export async function runDocuments(options: DocumentRunOptions, io: CliIO): Promise<ExitCodeValue> {
  const paths = options.paths;
  const fromStdin = paths.length === 0 || (paths.length === 1 && paths[0] === '-');
  if (!fromStdin && paths.includes('-')) throw new UsageError('"-" (stdin) cannot be combined with other paths');
  if (fromStdin) {
    if (options.outDir) throw new UsageError('--out-dir needs file or folder paths, not stdin');
    if (io.stdin.isTTY) throw new UsageError('no input: give files or folders, or pipe text on stdin (see --help)');
    const text = await readStdinDocument(io.stdin, options.input.maxBytes);
    return runSingle(options, io, text, undefined);
  }

  const outDir = options.outDir ? resolve(options.outDir) : undefined;
  const files = await collectInputFiles(paths, { extensions: options.input.extensions, exclude: outDir ? [outDir] : [] });
  if (files.length === 0) throw new InputError(`no input files found (extensions: ${options.input.extensions.join(', ')})`);
  // Before anything is written: no target may be an input, and no two files may share a target.
  if (outDir) checkOutputTargets(files, outDir);

  // One path naming one file (not a folder holding one file): the single-document output forms.
  const single = paths.length === 1 && files.length === 1 && files[0].path === paths[0];
  if (single && files[0].error) throw new InputError(files[0].error);
  if (single && !outDir) {
    const text = await readInputFile(files[0].path, options.input.maxBytes);
    return runSingle(options, io, text, files[0].path);
  }
  return runMany(options, io, files, outDir);
}

async function runSingle(options: DocumentRunOptions, io: CliIO, text: string, path: string | undefined): Promise<ExitCodeValue> {
  const processor = (options.processorFactory ?? createProcessor)(options.pipeline, 1);
  let result: ProcessedDocument;
  try {
    result = await processor.process(options.mode, text);
  } catch (err) {
    // Fail closed: nothing of the document reaches stdout.
    await writeChunk(io.stderr, `splice: ${path ?? '<stdin>'}: ${safeProcessingMessage(err)}\n`);
    return ExitCode.ProcessingError;
  }
  if (options.mode === 'redact') {
    await writeChunk(io.stdout, result.redacted!);
  } else {
    const record = { ...(path !== undefined ? { path } : {}), spans: result.spans.map((s) => toOutputSpan(s, true)) };
    await writeChunk(io.stdout, `${options.compact ? JSON.stringify(record) : JSON.stringify(record, null, 2)}\n`);
  }
  return ExitCode.Ok;
}

async function runMany(options: DocumentRunOptions, io: CliIO, files: InputFile[], outDir: string | undefined): Promise<ExitCodeValue> {
  const jobs = Math.min(options.input.jobs, files.length);
  compileRegExpsAtOnce();
  const processor = (options.processorFactory ?? createProcessor)(options.pipeline, jobs);
  const progress = createProgress({ enabled: options.input.progress, stream: io.stderr, total: files.length, unit: 'documents' });
  let exitCode: ExitCodeValue = ExitCode.Ok;
  try {
    await mapOrdered<InputFile, Outcome>(
      files,
      async (file) => {
        // A path that could not be used (missing, unreadable folder): reported in its place, the others go on.
        if (file.error) return { error: file.error, code: ExitCode.InputError, unused: true };
        let text: string;
        try {
          text = await readInputFile(file.path, options.input.maxBytes);
        } catch (err) {
          if (err instanceof InputError) return { error: err.message, code: ExitCode.InputError };
          throw err;
        }
        try {
          return { ok: await processor.process(options.mode, text), text };
        } catch (err) {
          return { error: `${file.path}: ${safeProcessingMessage(err)}`, code: ExitCode.ProcessingError };
        }
      },
      async (file, outcome) => {
        progress.tick(1);
        if ('error' in outcome) {
          exitCode = worseExitCode(exitCode, outcome.code);
          await writeChunk(io.stderr, `splice: ${outcome.error}\n`);
          if (options.mode === 'detect') await writeChunk(io.stdout, `${JSON.stringify({ path: file.path, error: outcome.error })}\n`);
          // No stale copy of an earlier run (a path that is not even there has no copy of this run to replace).
          if (outDir && !('unused' in outcome)) await rm(join(outDir, file.relativePath), { force: true });
          return;
        }
        if (options.mode === 'detect') {
          await writeChunk(io.stdout, `${JSON.stringify({ path: file.path, spans: outcome.ok.spans.map((s) => toOutputSpan(s, true)) })}\n`);
        } else if (outDir) {
          await writeAtomically(join(outDir, file.relativePath), outcome.ok.redacted!);
        } else {
          const body = outcome.ok.redacted!;
          await writeChunk(io.stdout, `==> ${file.path} <==\n${body}${body.endsWith('\n') || body === '' ? '' : '\n'}`);
        }
      },
      { maxItems: jobs * 2 + 1, maxWeight: Number.MAX_SAFE_INTEGER, weight: () => 1 },
    );
  } finally {
    progress.stop();
    await processor.close();
  }
  return exitCode;
}

/**
 * Refuse runs that would write two files to one place or overwrite an input:
 * targets are compared with every input by real path and by device and inode
 * (a symbolic link to an input folder, a hard link), before anything is written.
 */
function checkOutputTargets(files: InputFile[], outDir: string): void {
  const inputs = new InputSet(files.filter((f) => !f.error).map((f) => ({ path: f.path })));
  const seen = new Map<string, string>();
  for (const file of files) {
    const target = resolve(outDir, file.relativePath);
    const clash = inputs.clash(target);
    if (clash !== undefined) throw new InputError(`--out-dir ${outDir} would overwrite the input ${clash} (with the redacted copy of ${file.path}); choose another folder`);
    const other = seen.get(target);
    if (other) throw new UsageError(`${other} and ${file.path} would both be written to ${target}`);
    seen.set(target, file.path);
  }
}

async function writeAtomically(target: string, content: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.splice-${process.pid}.tmp`;
  await writeFile(temp, content, 'utf8');
  await rename(temp, target);
}
