import { Command, CommanderError } from 'commander';
import { CliError, ExitCode } from './errors.js';
import { processIO, type CliIO } from './stream-io.js';

/** What commands share: the streams and the exit code they decide (see errors.ts for the codes). */
export interface CliContext {
  io: CliIO;
  exitCode: number;
}

type Register = (program: Command, context: CliContext) => void;

/**
 * Each sub-command's module, imported only when needed: `splice redact` need
 * not load the server, the queue, the knowledge graph or the ONNX runtime.
 * The order is the order of `splice --help`.
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<Register>]> = [
  ['detect', async () => (await import('./commands/detect.js')).registerDetectCommand],
  ['redact', async () => (await import('./commands/redact.js')).registerRedactCommand],
  ['eval', async () => (await import('./commands/eval.js')).registerEvalCommand],
  ['assess', async () => (await import('./commands/assess.js')).registerAssessCommand],
  ['reid', async () => (await import('./commands/reid.js')).registerReidCommand],
  ['kanon', async () => (await import('./commands/kanon.js')).registerKanonCommand],
  ['synth', async () => (await import('./commands/synth.js')).registerSynthCommand],
  ['kg', async () => (await import('./commands/kg.js')).registerKgCommand],
  ['train', async () => (await import('./commands/train.js')).registerTrainCommand],
  ['serve', async () => (await import('./commands/serve.js')).registerServeCommand],
  ['queue', async () => (await import('./commands/queue.js')).registerQueueCommand],
  ['worker', async () => (await import('./commands/worker.js')).registerWorkerCommand],
];

/**
 * The sub-commands to register for these arguments: only the one named first
 * when it is a known sub-command (its options and help are its own); all of
 * them for `--help`, `help`, `--version`, no arguments or an unknown word, so
 * that the overview, and commander's errors and suggestions, stay complete.
 */
export async function loadCommands(argv: readonly string[]): Promise<Register[]> {
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const chosen = named ? [named] : COMMANDS;
  return Promise.all(chosen.map(([, load]) => load()));
}

/** The `splice` command line with the given sub-commands (see loadCommands). Each sub-command lives in commands/<name>.ts. */
export function buildProgram(context: CliContext, commands: readonly Register[]): Command {
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
  for (const register of commands) register(program, context);
  return program;
}

/** Run the command line and return the exit code (never calls process.exit). */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const context: CliContext = { io, exitCode: ExitCode.Ok };
  try {
    const program = buildProgram(context, await loadCommands(argv));
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
