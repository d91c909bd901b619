import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { synthesise, type PhrasingSet } from '../../kg/synth.js';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { fsReason } from '../input.js';
import { parseInteger } from '../options.js';
import type { CliContext } from '../program.js';

interface KgSynthCliOptions {
  people: string;
  documents: string;
  seed: string;
  phrasings: string;
  prefix: string;
  outDir: string;
}

/**
 * `splice kg synth`: a synthetic graph and biographies (src/kg/synth.ts).
 * Writes OUT/profiles.jsonl (the graph) and OUT/documents.jsonl
 * ({"id","text","profile","spans":[{start,end,label,identifier_type}]}: the
 * documents to mask and their gold mentions).
 */
export function registerKgSynthCommand(kg: Command, context: CliContext): void {
  kg.command('synth')
    .description('write a synthetic knowledge graph (profiles.jsonl) and biographies with gold mentions (documents.jsonl)')
    .requiredOption('--out-dir <dir>', 'folder for profiles.jsonl and documents.jsonl (created if missing; both files are replaced)')
    .option('--people <n>', 'individuals in the graph', '2000')
    .option('--documents <n>', 'biographies, one per sampled individual', '1000')
    .option('--seed <n>', 'random seed', '1')
    .option('--phrasings <set>', "sentence phrasings: 'train' or 'test' (disjoint sets)", 'train')
    .option('--prefix <text>', 'prefix of the ids (keeps two populations apart)', '')
    .addHelpText('after', `
Example (graph and training biographies; test biographies about people the graph does not know):
  splice kg synth --people 3000 --documents 1500 --seed 1 --out-dir kg-train
  splice kg synth --people 600 --documents 400 --seed 2 --phrasings test --prefix t --out-dir kg-test`)
    .action((opts: KgSynthCliOptions) => {
      const people = parseInteger('--people', opts.people, 1, 1_000_000);
      const documents = parseInteger('--documents', opts.documents, 0, 1_000_000);
      if (documents > people) throw new UsageError('--documents cannot exceed --people (one biography per sampled individual)');
      if (opts.phrasings !== 'train' && opts.phrasings !== 'test') throw new UsageError(`invalid --phrasings "${opts.phrasings}" (train, test)`);
      if (!/^[A-Za-z0-9_-]{0,16}$/.test(opts.prefix)) throw new UsageError('--prefix: letters, digits, "-" and "_" only (16 at most)');
      const population = synthesise({ people, documents, seed: parseInteger('--seed', opts.seed, 0, 999_999_999), phrasings: opts.phrasings as PhrasingSet, idPrefix: opts.prefix });
      try {
        mkdirSync(opts.outDir, { recursive: true });
        writeFileSync(join(opts.outDir, 'profiles.jsonl'), population.profiles.map((p) => JSON.stringify(p)).join('\n') + '\n');
        writeFileSync(join(opts.outDir, 'documents.jsonl'), population.documents.map((d) => JSON.stringify(d)).join('\n') + (population.documents.length ? '\n' : ''));
      } catch (err) {
        throw new CliError(`${opts.outDir}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
      }
      context.io.stderr.write(`splice kg synth: ${people} profiles, ${documents} biographies (${opts.phrasings} phrasings) in ${opts.outDir}\n`);
    });
}
