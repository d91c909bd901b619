import type { Command } from 'commander';
import { runJsonlCommand } from '../batch-command.js';
import { UsageError } from '../errors.js';
import { runDocuments } from '../documents.js';
import { toInputSettings, toPipelineOptions, type EngineCliOptions, type InputCliOptions } from '../options.js';
import type { Mode } from '../processor.js';
import type { CliContext } from '../program.js';

export type DocumentCommandOptions = EngineCliOptions & InputCliOptions & { outDir?: string; compact?: boolean };

/** The action shared by detect and redact: validate options, then batch (--jsonl) or documents. */
export function documentAction(mode: Mode, context: CliContext) {
  return async (paths: string[], opts: DocumentCommandOptions, _command: Command): Promise<void> => {
    const input = toInputSettings(opts);
    const pipeline = toPipelineOptions(opts, context.io.env);
    if (input.jsonl !== undefined) {
      if (paths.length > 0) throw new UsageError('--jsonl takes its input file as its own value; do not add other paths');
      if (opts.outDir) throw new UsageError('--out-dir is for files and folders; with --jsonl use --output');
      context.exitCode = await runJsonlCommand(mode, input, pipeline, context.io);
      return;
    }
    context.exitCode = await runDocuments({ mode, paths, input, pipeline, outDir: opts.outDir, compact: opts.compact }, context.io);
  };
}
