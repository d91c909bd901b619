import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/**
 * V8 first runs a regular expression in its bytecode interpreter and compiles it to machine code
 * only after it has run a while ("tier-up"), and compiles it again when that code has been
 * dropped. Splice runs a few hundred fixed patterns on every document; compiled at once they
 * make detection of many documents 10–20% faster on real text (`bench/throughput.ts`); on a
 * single short document, compiling patterns that run once costs more than it saves. So the CLI
 * applies it for batch and folder input and `splice serve` (before their worker threads start),
 * and a library user with many documents may call it. It is a setting of V8 for the whole
 * process (worker threads started later included), changes how patterns run, never what they
 * match, and is applied by the main thread only: V8's settings are not to be changed while
 * other threads run.
 */
let applied = false;

export function compileRegExpsAtOnce(): void {
  if (applied || !isMainThread) return;
  applied = true;
  setFlagsFromString('--no-regexp-tier-up');
}
