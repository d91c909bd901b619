import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/**
 * V8 first runs a regular expression in its bytecode interpreter and compiles it to machine code
 * only after it has run a while ("tier-up"), and compiles it again when that code has been
 * dropped. Splice runs a few hundred fixed patterns on every document; compiled at once they
 * make detection 10–20% faster on real documents (`bench/throughput.ts`). It is a setting of V8
 * for the whole process (worker threads included), and changes how patterns run, never what
 * they match. Applied once, by the main thread only (the CLI at start, else the first Analyzer
 * built): V8's settings are shared by all threads, and are not to be changed while worker threads
 * run; workers started afterwards run with it.
 */
let applied = false;

export function compileRegExpsAtOnce(): void {
  if (applied || !isMainThread) return;
  applied = true;
  setFlagsFromString('--no-regexp-tier-up');
}
