import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import type { PipelineOptions } from '../pipeline.js';
import { runBatch } from './batch.js';
import { CliError, ExitCode, InputError, UsageError, type ExitCodeValue } from './errors.js';
import { fsReason } from './input.js';
import { assertNotAnInput, stdinRef } from './output-guard.js';
import type { InputSettings } from './options.js';
import { compileRegExpsAtOnce } from '../detect/regexp-tuning.js';
import { batchWindow } from './groups.js';
import { createProcessor, type Mode } from './processor.js';
import { createProgress } from './progress.js';

const OUTPUT_BUFFER_BYTES = 1024 * 1024;
import { endStream, type CliIO } from './stream-io.js';

/** `--jsonl [file]`: open the input and output, run the batch, map its summary to an exit code. */
export async function runJsonlCommand(mode: Mode, settings: InputSettings, pipeline: PipelineOptions, io: CliIO): Promise<ExitCodeValue> {
  const source = settings.jsonl ?? '-';
  let input: Readable;
  let total: number | undefined;
  if (source === '-') {
    if (io.stdin.isTTY) throw new UsageError('--jsonl without a file reads stdin, which is a terminal: pipe the JSON Lines in or name a file');
    input = io.stdin;
  } else {
    try {
      const info = await stat(source);
      if (!info.isFile()) throw new InputError(`${source}: not a regular file`);
      total = info.size;
    } catch (err) {
      if (err instanceof InputError) throw err;
      throw new InputError(`${source}: ${fsReason(err)}`);
    }
    input = createReadStream(source, { highWaterMark: 256 * 1024 });
  }

  let output: Writable = io.stdout;
  if (settings.output) {
    // Checked before the output is opened: opening it for writing would already truncate an input.
    assertNotAnInput(settings.output, source === '-' ? stdinRef(io.stdin) : [{ path: source }], '--output');
    try {
      // A 1 MiB buffer: results are written as a group completes (hundreds of lines at once), and with
      // the default 16 KiB the batch waited for the disk every few lines, starving the next group.
      output = (await open(settings.output, 'w')).createWriteStream({ highWaterMark: OUTPUT_BUFFER_BYTES });
    } catch (err) {
      throw new CliError(`${settings.output}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
    }
  }

  compileRegExpsAtOnce();
  const processor = createProcessor(pipeline, settings.jobs);
  const progress = createProgress({ enabled: settings.progress, stream: io.stderr, total, unit: 'bytes' });
  const jobs = Math.max(1, settings.jobs);
  try {
    const summary = await runBatch(input, output, { mode, processor, maxBytes: settings.maxBytes, maxInFlight: batchWindow(jobs), progress });
    const failed = summary.inputErrors + summary.processingErrors;
    if (failed > 0) {
      io.stderr.write(
        `splice: ${failed} of ${summary.documents} lines failed (${summary.inputErrors} input, ${summary.processingErrors} processing); see their "error" output lines\n`,
      );
    }
    // --line-errors-ok: every line has its output line (a result or an error), so the run itself succeeded.
    if (settings.lineErrorsOk) return ExitCode.Ok;
    if (summary.processingErrors > 0) return ExitCode.ProcessingError;
    if (summary.inputErrors > 0) return ExitCode.InputError;
    return ExitCode.Ok;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code && source !== '-') throw new InputError(`${source}: ${fsReason(err)}`);
    throw err;
  } finally {
    progress.stop();
    await processor.close();
    if (settings.output) await endStream(output);
  }
}
