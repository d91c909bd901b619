import type { Command } from 'commander';
import { CorpusFormatError } from '../../eval/loaders/loader.js';
import type { GoldCorpus } from '../../eval/types.js';
import { compareSystems, formatComparison, loadGoldWithIdentifierTypes, type SystemUnderTest } from '../../kg/evaluation.js';
import { tagLexicons } from '../../learn/lexicons.js';
import { SequenceTagger } from '../../learn/tagger.js';
import { dataPath } from '../../lexicons/data-files.js';
import { Pipeline } from '../../pipeline.js';
import { InputError } from '../errors.js';
import { toPipelineOptions } from '../options.js';
import type { CliContext } from '../program.js';

interface KgEvalCliOptions {
  gold: string;
  model?: string;
  profile: string;
  json?: boolean;
}

/**
 * `splice kg eval`: the seed paper's figures for a tagger trained on distant
 * labels, beside Splice's rule-based detector on the same gold documents
 * (src/kg/evaluation.ts). Rows: the rules alone (profile precision: no
 * tagger), Splice as configured (--profile, bundled tagger), the tagger model
 * alone, and Splice with the model in place of the bundled tagger.
 */
export function registerKgEvalCommand(kg: Command, context: CliContext): void {
  kg.command('eval')
    .description('entity-level exact / partial P, R, F1 and recall of DIRECT and QUASI identifiers: a tagger model (e.g. trained on distant labels) beside the rule-based detector')
    .requiredOption('--gold <file>', 'gold JSON Lines {"id","text","spans":[{start,end,label,identifier_type?}]}')
    .option('--model <file>', 'a tagger model from `splice train` (default: the bundled one)')
    .option('--profile <profile>', 'profile of the Splice rows', 'balanced')
    .option('--json', 'print the figures as JSON')
    .addHelpText('after', `
Example:
  splice kg eval --gold test-bios.jsonl --model kg-model.json.gz`)
    .action(async (opts: KgEvalCliOptions) => {
      const engine = toPipelineOptions({ profile: opts.profile, model: opts.model }, context.io.env);
      let corpus: GoldCorpus;
      try {
        corpus = loadGoldWithIdentifierTypes(opts.gold);
      } catch (err) {
        if (err instanceof CorpusFormatError) throw new InputError(`${opts.gold}: ${err.message}`);
        if (err instanceof SyntaxError) throw new InputError(`${opts.gold}: not valid JSON Lines`);
        const code = (err as { code?: string }).code;
        if (code) throw new InputError(`${opts.gold}: cannot read (${code})`);
        throw err;
      }
      const modelPath = engine.taggerModel ?? dataPath('model/tagger.json.gz');
      let tagger: SequenceTagger;
      try {
        tagger = SequenceTagger.load(modelPath, tagLexicons());
      } catch {
        throw new InputError(`${opts.model ?? modelPath}: not a tagger model written by \`splice train\``);
      }
      const asPredicted = (spans: Array<{ start: number; end: number; label: string }>) => spans.map((s) => ({ start: s.start, end: s.end, label: null, sourceLabel: s.label }));
      const pipelineSystem = (name: string, options: ConstructorParameters<typeof Pipeline>[0]): SystemUnderTest => {
        const pipeline = new Pipeline(options);
        return { name, predict: async (text) => asPredicted((await pipeline.detect(text)).spans) };
      };
      const systems: SystemUnderTest[] = [
        pipelineSystem('rules only (precision)', { profile: 'precision' }),
        pipelineSystem(`splice (${opts.profile})`, { profile: engine.profile }),
        { name: opts.model ? 'model alone' : 'bundled tagger alone', predict: (text) => asPredicted(tagger.candidates(text)) },
      ];
      if (opts.model) systems.push(pipelineSystem(`splice (${opts.profile}) + model`, engine));
      const results = await compareSystems(corpus, systems);
      if (opts.json) {
        const rate = (r: { value: number | null }) => r.value;
        context.io.stdout.write(
          `${JSON.stringify(
            {
              gold: opts.gold,
              documents: corpus.documents.length,
              systems: results.map((r) => ({
                system: r.system,
                exact: { precision: rate(r.exact.ppv), recall: rate(r.exact.sensitivity), f1: rate(r.exact.f1), tp: r.exact.tp, fp: r.exact.fp, fn: r.exact.fn },
                partial: { precision: rate(r.partial.ppv), recall: rate(r.partial.sensitivity), f1: rate(r.partial.f1), tp: r.partial.tp, fp: r.partial.fp, fn: r.partial.fn },
                direct_recall: r.direct ? rate(r.direct.sensitivity) : null,
                quasi_recall: r.quasi ? rate(r.quasi.sensitivity) : null,
                seconds: Math.round(r.seconds * 10) / 10,
              })),
            },
            null,
            2,
          )}\n`,
        );
      } else context.io.stdout.write(`${formatComparison(results, corpus)}\n`);
    });
}
