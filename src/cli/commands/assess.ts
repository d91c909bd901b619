import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { assessmentRecord, formatAssessmentTable } from '../../assess/report.js';
import { parseLine } from '../batch.js';
import { CliError, ExitCode, InputError, UsageError, safeProcessingMessage } from '../errors.js';
import { DEFAULT_MAX_BYTES, fsReason, parseByteSize, readInputFile, readStdinDocument } from '../input.js';
import { readRawLines } from '../line-reader.js';
import { addEngineOptions, createPipeline, toPipelineOptions, type EngineCliOptions } from '../options.js';
import type { CliContext } from '../program.js';
import { writeChunk } from '../stream-io.js';

type AssessCliOptions = EngineCliOptions & { jsonl?: string | boolean; json?: boolean; maxBytes?: string };

/**
 * `splice assess`: the per-element identifiability table and the document's
 * k estimate (README, "Identifiability"). --jsonl reads the same {"id","text"}
 * lines as `detect` and writes one JSON record per line.
 */
export function registerAssessCommand(program: Command, context: CliContext): void {
  const command = program
    .command('assess')
    .description('print, for each PII element, how many people share it and whether it identifies someone, and the document k estimate')
    .argument('[file]', 'input file (default: stdin)');
  addEngineOptions(command);
  command
    .option('--json', 'print the assessment as JSON instead of a table')
    .option('--jsonl [file]', 'batch mode: JSON Lines {"id","text"} from FILE (or stdin), one JSON record per line')
    .option('--max-bytes <size>', 'largest document accepted, in bytes (suffixes k, MB, GB)', String(DEFAULT_MAX_BYTES))
    .addHelpText(
      'after',
      `
Examples:
  splice assess note.txt
  splice assess --pool-size 100000 note.txt
  splice assess --jsonl corpus.jsonl > assessment.jsonl`,
    )
    .action(async (file: string | undefined, opts: AssessCliOptions) => {
      const pipeline = createPipeline(toPipelineOptions(opts, context.io.env));
      const maxBytes = parseByteSize(opts.maxBytes ?? String(DEFAULT_MAX_BYTES));
      if (opts.jsonl !== undefined && opts.jsonl !== false) {
        if (file !== undefined) throw new UsageError('--jsonl takes its input file as its own value; do not add other paths');
        const source = opts.jsonl === true ? '-' : opts.jsonl;
        const input: Readable = source === '-' ? context.io.stdin : createReadStream(source);
        // Rejected lines are input errors (exit 3), engine failures processing errors (exit 1), as in detect / redact --jsonl.
        let lines = 0;
        let inputErrors = 0;
        let processingErrors = 0;
        try {
          for await (const raw of readRawLines(input, maxBytes * 2 + 64 * 1024)) {
            const item = parseLine(raw.number, raw.bytes, raw.length, maxBytes);
            if (!item) continue;
            let record: object;
            lines++;
            if ('rejected' in item) {
              inputErrors++;
              record = { id: item.id, line: item.line, error: item.rejected };
            } else {
              try {
                const result = await pipeline.detect(item.text, item.id === null ? `line ${item.line}` : String(item.id));
                record = { id: item.id, ...assessmentRecord(item.text, result.assessment) };
              } catch (err) {
                processingErrors++;
                record = { id: item.id, line: item.line, error: safeProcessingMessage(err) };
              }
            }
            await writeChunk(context.io.stdout, `${JSON.stringify(record)}\n`);
          }
        } catch (err) {
          if ((err as { code?: string }).code) throw new InputError(`${source}: ${fsReason(err)}`);
          throw err;
        }
        const failed = inputErrors + processingErrors;
        if (failed > 0) {
          context.io.stderr.write(`splice: ${failed} of ${lines} lines failed (${inputErrors} input, ${processingErrors} processing); see their "error" output lines\n`);
        }
        context.exitCode = processingErrors > 0 ? ExitCode.ProcessingError : inputErrors > 0 ? ExitCode.InputError : ExitCode.Ok;
        return;
      }
      const text = file === undefined || file === '-' ? await readStdinDocument(context.io.stdin, maxBytes) : await readInputFile(file, maxBytes);
      let assessment;
      try {
        ({ assessment } = await pipeline.detect(text, file));
      } catch (err) {
        throw new CliError(`${file === undefined || file === '-' ? '<stdin>' : file}: ${safeProcessingMessage(err)}`, ExitCode.ProcessingError);
      }
      const out = opts.json ? `${JSON.stringify(assessmentRecord(text, assessment), null, 2)}\n` : formatAssessmentTable(text, assessment);
      await writeChunk(context.io.stdout, out);
    });
}
