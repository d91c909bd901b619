import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { evaluate } from '../../eval/evaluate.js';
import { formatTable, type Breakdown } from '../../eval/format-table.js';
import { TOKENIZATION, toJson, type RunInfo } from '../../eval/json-output.js';
import { loadGold, type GoldFormat } from '../../eval/loaders/index.js';
import { CorpusFormatError } from '../../eval/loaders/loader.js';
import { loadPredictions } from '../../eval/loaders/predictions.js';
import { runEngine } from '../../eval/run-engine.js';
import type { GoldCorpus, Predictions } from '../../eval/types.js';
import { renderReport } from '../../report/html.js';
import { InputError } from '../errors.js';
import { addEngineOptions, toPipelineOptions, type EngineCliOptions } from '../options.js';
import type { CliContext } from '../program.js';

interface EvalCliOptions extends EngineCliOptions {
  gold: string;
  pred?: string;
  format: GoldFormat;
  annotator?: string;
  json?: boolean;
  report?: string;
  by: Breakdown;
}

/** Loading problems are input errors; messages name files and lines, never text. */
function asInputError<T>(what: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof CorpusFormatError) throw new InputError(`${what}: ${err.message}`);
    if ((err as NodeJS.ErrnoException)?.code) throw new InputError(`${what}: cannot read (${(err as NodeJS.ErrnoException).code})`);
    throw err;
  }
}

export function registerEvalCommand(program: Command, context: CliContext): void {
  const command = program
    .command('eval')
    .description('score PII detection against a gold corpus: miss rates per level and category with 95% intervals, the specification check, and more')
    .requiredOption('--gold <file>', 'gold corpus: benchmark JSONL, TAB echr_*.json or CoNLL/BIO tokens')
    .option('--pred <file>', "another system's predictions (JSONL {id, spans}); without it the Splice engine runs on the gold texts")
    .addOption(new Option('--format <format>', 'gold format').choices(['auto', 'splice', 'tab', 'conll']).default('auto'))
    .option('--annotator <name>', 'TAB: the annotator whose mentions are the gold (default: the first of each document)')
    .option('--json', 'print every figure as JSON (field names in the README)')
    .option('--report <file>', 'also write a self-contained HTML report (it quotes the corpus: it contains PII)')
    .addOption(new Option('--by <breakdown>', 'breakdown of the terminal table').choices(['label', 'level', 'domain', 'document']).default('label'));
  addEngineOptions(command);
  command
    .addHelpText(
      'after',
      `
Examples:
  splice eval --gold ../shared/benchmark/dev.jsonl
  splice eval --gold dev.jsonl --report dev.html --by domain
  splice eval --gold echr_test.json --format tab --annotator annotator2 --pred other-tool.jsonl --json`,
    )
    .action(async (opts: EvalCliOptions) => {
      const engineOptions = opts.pred === undefined ? toPipelineOptions({ profile: opts.profile, labels: opts.labels }, context.io.env) : undefined;
      const corpus: GoldCorpus = asInputError(opts.gold, () => loadGold(opts.gold, opts.format, { annotator: opts.annotator }));
      const warnings = [...(corpus.warnings ?? [])];
      let predictions: Predictions;
      if (opts.pred !== undefined) {
        const loaded = asInputError(opts.pred, () => loadPredictions(opts.pred!, corpus));
        predictions = loaded.predictions;
        warnings.push(...loaded.warnings);
      } else {
        predictions = await runEngine(corpus, engineOptions);
      }
      const result = evaluate(corpus, predictions);
      const run: RunInfo = {
        gold: opts.gold,
        predictions: opts.pred ?? 'engine',
        tokenization: TOKENIZATION,
        warnings,
      };
      if (engineOptions) {
        run.profile = engineOptions.profile;
        if (engineOptions.labels) run.labels = [...engineOptions.labels];
      }
      for (const w of warnings) context.io.stderr.write(`splice eval: warning: ${w}\n`);
      if (opts.report) {
        writeFileSync(opts.report, renderReport(result, corpus, run));
        context.io.stderr.write(`splice eval: report written to ${opts.report} (it quotes the corpus: handle it as PII)\n`);
      }
      context.io.stdout.write(opts.json ? toJson(result, run) : formatTable(result, opts.by));
    });
}
