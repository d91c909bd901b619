#!/usr/bin/env node
import { Command } from 'commander';
import { registerDetectCommand } from './commands/detect.js';
import { registerRedactCommand } from './commands/redact.js';

/** The `splice` command line. Each sub-command lives in commands/<name>.ts. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('splice')
    .description('Detect, assess and irreversibly redact personally identifying information (PII) in free text.')
    .version('0.1.0');
  registerDetectCommand(program);
  registerRedactCommand(program);
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    process.stderr.write(`splice: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(typeof (err as { exitCode?: number })?.exitCode === 'number' ? (err as { exitCode: number }).exitCode : 1);
  });
