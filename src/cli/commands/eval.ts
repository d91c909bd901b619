import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { evaluate } from '../../eval/evaluate.js';
import { formatTable, type Breakdown } from '../../eval/format-table.js';
import { TOKENIZATION, toJson, type RunInfo } from '../../eval/json-output.js';
import { loadGold, type GoldFormat } from '../../eval/loaders/index.js';
import { CorpusFormatError } from '../../eval/loaders/loader.js';
import { loadPredictions } from '../../eval/loaders/predictions.js';
import { EngineRunError, runEngineTimed, type EngineRunStats } from '../../eval/run-engine.js';
import type { GoldCorpus, Predictions } from '../../eval/types.js';
import { renderReport } from '../../report/html.js';
import { CliError, ExitCode, InputError, safeProcessingMessage } from '../errors.js';
import { assertNotAnInput } from '../output-guard.js';
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
  splice eval --gold corpus.jsonl
  splice eval --gold corpus.jsonl --llm --llm-base-url http://127.0.0.1:8080/v1 --llm-model qwen2.5-7b-instruct
  splice eval --gold dev.jsonl --report dev.html --by domain
  splice eval --gold echr_test.json --format tab --annotator annotator2 --pred other-tool.jsonl --json`,
    )
    .action(async (opts: EvalCliOptions) => {
      const started = performance.now();
      // Every engine option reaches the engine run, --llm and its settings included (not only --profile / --labels).
      const engineOptions = opts.pred === undefined ? toPipelineOptions(engineOnly(opts), context.io.env) : undefined;
      if (opts.report) assertNotAnInput(opts.report, [{ path: opts.gold }, ...(opts.pred !== undefined ? [{ path: opts.pred }] : [])], '--report');
      const corpus: GoldCorpus = asInputError(opts.gold, () => loadGold(opts.gold, opts.format, { annotator: opts.annotator }));
      const warnings = [...(corpus.warnings ?? [])];
      let predictions: Predictions;
      let engineStats: EngineRunStats | undefined;
      if (opts.pred !== undefined) {
        const loaded = asInputError(opts.pred, () => loadPredictions(opts.pred!, corpus));
        predictions = loaded.predictions;
        warnings.push(...loaded.warnings);
      } else {
        try {
          ({ predictions, stats: engineStats } = await runEngineTimed(corpus, engineOptions));
        } catch (err) {
          if (err instanceof EngineRunError) throw new CliError(`${opts.gold}: document ${err.documentId}: ${safeProcessingMessage(err.cause)}`, ExitCode.ProcessingError);
          throw err;
        }
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
        if (engineOptions.llm) run.llm = { model: engineOptions.llm.model, ...engineStats?.llm };
      }
      run.wallSeconds = round3((performance.now() - started) / 1000);
      if (engineStats) run.engineSeconds = round3(engineStats.wallMs / 1000);
      for (const w of warnings) context.io.stderr.write(`splice eval: warning: ${w}\n`);
      if (opts.report) {
        writeFileSync(opts.report, renderReport(result, corpus, run));
        context.io.stderr.write(`splice eval: report written to ${opts.report} (it quotes the corpus: handle it as PII)\n`);
      }
      context.io.stdout.write(opts.json ? toJson(result, run) : formatTable(result, opts.by));
      context.io.stderr.write(`splice eval: ${wallTimeLine(run.wallSeconds, engineStats)}\n`);
    });
}

/** The engine options of eval's command line (eval has no redaction options: no operator, so no redaction settings). */
function engineOnly(opts: EvalCliOptions): EngineCliOptions {
  const { gold: _gold, pred: _pred, format: _format, annotator: _annotator, json: _json, report: _report, by: _by, ...engine } = opts;
  return engine;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** "wall time 2.1 s; engine: 120 documents, 577 KB in 1.9 s (3.3 ms per KB); LLM: 40 requests, 98,000 tokens" */
export function wallTimeLine(wallSeconds: number, engine: EngineRunStats | undefined): string {
  let line = `wall time ${wallSeconds.toFixed(1)} s`;
  if (engine) {
    const kb = engine.bytes / 1024;
    const perKb = kb > 0 ? `${(engine.wallMs / kb).toFixed(1)} ms per KB` : 'no text';
    line += `; engine: ${engine.documents.toLocaleString('en-US')} documents, ${kb.toFixed(0)} KB in ${(engine.wallMs / 1000).toFixed(1)} s (${perKb})`;
    if (engine.llm) {
      line += `; LLM: ${engine.llm.requests.toLocaleString('en-US')} requests, ${engine.llm.tokens.toLocaleString('en-US')} tokens`;
      if (engine.llm.cacheHits > 0) line += `, ${engine.llm.cacheHits.toLocaleString('en-US')} cache hits`;
    }
  }
  return line;
}
