import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parsePositiveInt } from '../../reid/cli-support.js';
import { randomProjectionModel } from '../../reid/onnx-bag.js';
import { synthesise } from '../../reid/synth.js';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { fsReason } from '../input.js';
import type { CliContext } from '../program.js';

interface SynthCliOptions {
  people?: string;
  documents?: string;
  seed?: string;
  year?: string;
  outDir?: string;
  denseModel?: boolean;
  force?: boolean;
}

/**
 * `splice synth --people N --out-dir DIR`: a synthetic population for the
 * re-identification commands (src/reid/synth.ts): DIR/profiles.jsonl and
 * DIR/documents.jsonl (biographies with their true profile), deterministic for
 * a seed; `--dense-model` adds DIR/random-projection.onnx for `--dense`.
 */
export function registerSynthCommand(program: Command, context: CliContext): void {
  program
    .command('synth')
    .description('generate a synthetic population (profiles and biographies) for reid and kanon')
    .requiredOption('--people <n>', 'number of profiles')
    .requiredOption('--out-dir <dir>', 'folder to write profiles.jsonl and documents.jsonl into')
    .option('--documents <n>', 'number of biographies, one per sampled person (default: min(people, 1000))')
    .option('--seed <n>', 'random seed (the same seed gives the same files)', '1')
    .option('--year <yyyy>', 'the year the biographies are written in', '2024')
    .option('--dense-model', 'also write random-projection.onnx, a dense re-identifier needing no training (hashed words, 4096 buckets, 256 dimensions)')
    .option('--force', 'overwrite files already in the folder')
    .addHelpText(
      'after',
      `
Examples:
  splice synth --people 10000 --documents 1000 --seed 7 --out-dir pop
  splice reid --profiles pop/profiles.jsonl pop/documents.jsonl`,
    )
    .action(async (opts: SynthCliOptions) => {
      const people = parsePositiveInt('--people', opts.people ?? '', 1_000_000);
      const documents = opts.documents === undefined ? Math.min(people, 1000) : parsePositiveInt('--documents', opts.documents, people);
      const seed = parsePositiveInt('--seed', opts.seed ?? '1', 2 ** 32 - 1);
      const year = parsePositiveInt('--year', opts.year ?? '2024', 2200);
      if (year < 1900) throw new UsageError('--year must be 1900 or later');
      const dir = opts.outDir!;
      const population = synthesise({ people, documents, seed, year });
      try {
        await mkdir(dir, { recursive: true });
      } catch (err) {
        throw new CliError(`${dir}: cannot create (${fsReason(err)})`, ExitCode.UsageError);
      }
      const files: [string, string | Uint8Array][] = [
        ['profiles.jsonl', population.profiles.map((p) => JSON.stringify(p)).join('\n') + '\n'],
        ['documents.jsonl', population.documents.map((d) => JSON.stringify(d)).join('\n') + '\n'],
      ];
      if (opts.denseModel) files.push(['random-projection.onnx', randomProjectionModel(4096, 256, seed)]);
      for (const [name, content] of files) {
        const path = join(dir, name);
        try {
          // 'wx' refuses an existing file unless --force.
          const handle = await open(path, opts.force ? 'w' : 'wx');
          await handle.close();
          await writeFile(path, content);
        } catch (err) {
          if ((err as { code?: string }).code === 'EEXIST') throw new UsageError(`${path} exists; use --force to overwrite it`);
          throw new CliError(`${path}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
        }
      }
      context.io.stderr.write(`splice synth: ${people} profiles and ${documents} documents in ${dir} (seed ${seed})\n`);
    });
}
