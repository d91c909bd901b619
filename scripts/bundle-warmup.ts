import { runBundle } from '../src/cli/bundle-launcher.js';

/**
 * The warm-up of scripts/build-bundle.ts: runs the bundled CLI on the given arguments and stores
 * V8's code cache of what it compiled when it exits.
 *   node dist/scripts/bundle-warmup.js redact examples/discharge-note.txt
 */
if (!runBundle({ writeCache: true })) {
  process.stderr.write('bundle-warmup: no fresh bundle in dist/bundle (run node dist/scripts/build-bundle.js)\n');
  process.exitCode = 2;
}
