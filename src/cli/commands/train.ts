import type { Command } from 'commander';
import { CorpusFormatError } from '../../eval/loaders/loader.js';
import type { TrainingDocument } from '../../learn/tagger.js';
import { CliError, ExitCode, InputError } from '../errors.js';
import { fsReason } from '../input.js';
import { parseInteger } from '../options.js';
import { assertNotAnInput } from '../output-guard.js';
import type { CliContext } from '../program.js';

interface TrainCliOptions {
  from: string;
  out: string;
  epochs: string;
  seed: string;
  synthetic: string;
}

/**
 * `splice train --from LABELS.jsonl --out MODEL`: trains Splice's token
 * classifier (the averaged-perceptron tagger of src/learn) on labelled
 * documents, e.g. the distant labels of `splice kg label`; `--model MODEL`
 * then makes every detecting command use it.
 */
export function registerTrainCommand(program: Command, context: CliContext): void {
  program
    .command('train')
    .description("train Splice's token classifier on labelled documents (e.g. the distant labels of `splice kg label`); use it with --model")
    .requiredOption('--from <file>', 'labelled documents, JSON Lines {"id","text","spans":[{start,end,label}]}')
    .requiredOption('--out <file>', 'where to write the model (gzipped JSON)')
    .option('--epochs <n>', 'passes over the documents', '6')
    .option('--seed <n>', 'seed of the shuffling (same seed, same model)', '20261122')
    .option('--synthetic <n>', "also train on N of Splice's own synthetic documents", '0')
    .addHelpText('after', `
Example:
  splice kg label --kg people.jsonl --k 5 bios.jsonl -o labels.jsonl
  splice train --from labels.jsonl --out kg-model.json.gz
  splice detect --model kg-model.json.gz --profile recall note.txt`)
    .action(async (opts: TrainCliOptions) => {
      // Imported here, not at the top: training pulls in Faker (synthetic documents), which
      // every other command would otherwise load at start-up.
      const { loadTrainingDocuments, trainTagger } = await import('../../kg/training.js');
      const epochs = parseInteger('--epochs', opts.epochs, 1, 100);
      const seed = parseInteger('--seed', opts.seed, 0, 999_999_999);
      const synthetic = parseInteger('--synthetic', opts.synthetic, 0, 1_000_000);
      assertNotAnInput(opts.out, [{ path: opts.from }], '--out');
      let docs: TrainingDocument[];
      try {
        docs = loadTrainingDocuments(opts.from);
      } catch (err) {
        if (err instanceof CorpusFormatError) throw new InputError(`${opts.from}: ${err.message}`);
        const code = (err as { code?: string }).code;
        if (code) throw new InputError(`${opts.from}: cannot read (${code})`);
        throw err;
      }
      if (docs.length === 0 && synthetic === 0) throw new InputError(`${opts.from}: no documents to train on`);
      let summary;
      try {
        summary = trainTagger(docs, opts.out, { epochs, seed, synthetic });
      } catch (err) {
        if ((err as { code?: string }).code) throw new CliError(`${opts.out}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
        throw err;
      }
      context.io.stderr.write(
        `splice train: ${summary.documents} documents (${summary.spans} labelled spans, ${summary.characters} characters), ${epochs} epochs in ${summary.seconds.toFixed(1)} s; ` +
          `${summary.features} features; model ${opts.out} (${(summary.bytes / 1024).toFixed(0)} KiB)\n`,
      );
    });
}
