import type { Command } from 'commander';
import { addEngineOptions, addInputOptions, addRedactionOptions } from '../options.js';
import type { CliContext } from '../program.js';
import { documentAction } from './shared.js';

export function registerRedactCommand(program: Command, context: CliContext): void {
  const command = program
    .command('redact')
    .description('print the input with every PII span irreversibly replaced')
    .argument('[paths...]', 'files or folders (searched recursively); none or "-" reads stdin');
  addEngineOptions(command);
  addRedactionOptions(command);
  addInputOptions(command);
  command
    .option('--out-dir <dir>', 'write redacted copies under DIR, keeping relative paths (instead of printing them)')
    .addHelpText(
      'after',
      `
Examples:
  splice redact examples/discharge-note.txt
  splice redact --operator mask --mask-char '*' note.txt
  SPLICE_HASH_KEY=secret splice redact --operator PERSON_NAME=hash,CONTACT=mask note.txt
  splice redact notes/ --out-dir redacted/
  splice redact --jsonl corpus.jsonl -o redacted.jsonl`,
    )
    .action(documentAction('redact', context));
}
