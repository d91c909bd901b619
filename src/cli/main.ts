import { runCli } from './program.js';

/**
 * The `splice` program run on this process's arguments (index.ts starts it, from the bundle when one is
 * built); the commands are in program.ts, the exit codes in errors.ts.
 */

// `splice … | head`: a closed pipe is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.stderr.write('splice: unexpected error\n');
    process.exitCode = 1;
  },
);
