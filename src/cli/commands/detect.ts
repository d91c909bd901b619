import type { Command } from 'commander';
import { addEngineOptions, addInputOptions } from '../options.js';
import type { CliContext } from '../program.js';
import { documentAction } from './shared.js';

export function registerDetectCommand(program: Command, context: CliContext): void {
  const command = program
    .command('detect')
    .description('print the PII spans found in the input as JSON (offsets are UTF-16 indices into the input, end exclusive)')
    .argument('[paths...]', 'files or folders (searched recursively); none or "-" reads stdin');
  addEngineOptions(command);
  addInputOptions(command);
  command
    .option('--compact', 'print a single document\'s JSON on one line')
    .addHelpText(
      'after',
      `
Examples:
  splice detect note.txt
  cat note.txt | splice detect --labels PERSON_NAME,CONTACT
  splice detect notes/ > spans.jsonl
  splice detect --jsonl corpus.jsonl --jobs 8 > spans.jsonl`,
    )
    .action(documentAction('detect', context));
}
