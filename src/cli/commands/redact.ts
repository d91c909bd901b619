import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Analyzer } from '../../detect/analyzer.js';
import { redactText } from '../../redact/redactor.js';
import { parsePolicy } from '../../redact/policy.js';
import type { Profile } from '../../types.js';

export function registerRedactCommand(program: Command): void {
  program
    .command('redact')
    .description('print the input with every PII span replaced')
    .argument('[file]', 'input file (default: stdin)')
    .option('--profile <profile>', 'recall | balanced | precision', 'balanced')
    .option('--operator <spec>', 'tag | mask | remove | hash, or LABEL=op,LABEL=op', 'tag')
    .option('--hash-key <key>', 'secret key for the hash operator (or SPLICE_HASH_KEY)')
    .action(async (file: string | undefined, opts: { profile: Profile; operator: string; hashKey?: string }) => {
      const text = readFileSync(file ?? 0, 'utf8');
      const spans = await new Analyzer({ profile: opts.profile }).analyze(text);
      const policy = parsePolicy(opts.operator);
      process.stdout.write(redactText(text, spans, { policy, settings: { hashKey: opts.hashKey ?? process.env.SPLICE_HASH_KEY } }));
    });
}
