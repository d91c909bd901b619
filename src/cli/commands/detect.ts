import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Analyzer } from '../../detect/analyzer.js';
import type { Profile } from '../../types.js';

export function registerDetectCommand(program: Command): void {
  program
    .command('detect')
    .description('print the PII spans found in the input as JSON')
    .argument('[file]', 'input file (default: stdin)')
    .option('--profile <profile>', 'recall | balanced | precision', 'balanced')
    .action(async (file: string | undefined, opts: { profile: Profile }) => {
      const text = readFileSync(file ?? 0, 'utf8');
      const spans = await new Analyzer({ profile: opts.profile }).analyze(text);
      process.stdout.write(`${JSON.stringify({ spans }, null, 2)}\n`);
    });
}
