import { Command, CommanderError } from 'commander';
import { registerDetectCommand } from './commands/detect.js';
import { registerRedactCommand } from './commands/redact.js';
import { registerEvalCommand } from './commands/eval.js';
import { registerAssessCommand } from './commands/assess.js';
import { registerReidCommand } from './commands/reid.js';
import { registerKanonCommand } from './commands/kanon.js';
import { registerSynthCommand } from './commands/synth.js';
import { registerKgCommand } from './commands/kg.js';
import { registerTrainCommand } from './commands/train.js';
import { registerServeCommand } from './commands/serve.js';
import { registerQueueCommand } from './commands/queue.js';
import { registerWorkerCommand } from './commands/worker.js';
import { CliError, ExitCode } from './errors.js';
import { processIO, type CliIO } from './stream-io.js';

/** What commands share: the streams and the exit code they decide (see errors.ts for the codes). */
export interface CliContext {
  io: CliIO;
  exitCode: number;
}

/** The `splice` command line. Each sub-command lives in commands/<name>.ts. */
export function buildProgram(context: CliContext): Command {
  const program = new Command();
  program
    .name('splice')
    .description('Detect, assess and irreversibly redact personally identifying information (PII) in free text.')
    .version('0.1.0')
    // Set before the sub-commands are added: they inherit both.
    .exitOverride()
    .configureOutput({
      writeOut: (s) => context.io.stdout.write(s),
      writeErr: (s) => context.io.stderr.write(s),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Exit codes: 0 ok, 1 processing error, 2 usage error, 3 input error (unreadable, binary, invalid UTF-8, too large).`,
    );
  registerDetectCommand(program, context);
  registerRedactCommand(program, context);
  registerEvalCommand(program, context);
  registerAssessCommand(program, context);
  registerReidCommand(program, context);
  registerKanonCommand(program, context);
  registerSynthCommand(program, context);
  registerKgCommand(program, context);
  registerTrainCommand(program, context);
  registerServeCommand(program, context);
  registerQueueCommand(program, context);
  registerWorkerCommand(program, context);
  return program;
}

/** Run the command line and return the exit code (never calls process.exit). */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const context: CliContext = { io, exitCode: ExitCode.Ok };
  const program = buildProgram(context);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return context.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; every other commander error is a usage error (message already printed).
      return err.exitCode === 0 ? ExitCode.Ok : ExitCode.UsageError;
    }
    if (err instanceof CliError) {
      io.stderr.write(`splice: ${err.message}\n`);
      return err.exitCode;
    }
    // Unexpected: report the class only, since messages may quote document text.
    io.stderr.write(`splice: unexpected error (${err instanceof Error ? err.name : typeof err})\n`);
    return ExitCode.ProcessingError;
  }
}
