#!/usr/bin/env node
import { runCli } from './program.js';

/** Entry point of the `splice` binary; the program itself is in program.ts (see errors.ts for exit codes). */

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
