import { setFlagsFromString } from 'node:v8';
import { compileRegExpsAtOnce } from '../detect/regexp-tuning.js';

/**
 * How much a function must run before V8 optimises it, for batch runs with worker threads (V8's
 * `--interrupt-budget`, default 132 KB of bytecode executed). Each worker compiles its own hot code,
 * and with the default the optimising compiler's background threads spent about as much processor
 * time as the workers' own work on a 5 MB batch (some 850 functions optimised, many twice), on the
 * cores the other workers need. With this budget only the hottest functions are optimised, later:
 * a 5 MB batch on two cores took about 15% less time, a 10 MB one the same.
 */
export const WORKER_INTERRUPT_BUDGET = 1_000_000;

let applied = false;

/**
 * Sets the budget for the rest of the process (the workers started after it), through
 * settingsForWorkerThreads before a batch starts workers; not for one thread (`--jobs 1`), whose compiler
 * threads use cores that would otherwise idle.
 */
function tierUpLaterInWorkers(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--interrupt-budget=${WORKER_INTERRUPT_BUDGET}`);
}

/**
 * The V8 settings a batch's worker threads run under, set before they start: patterns compiled at
 * once, and with more than one thread the later tier-up. The worker bundle's code cache
 * (scripts/worker-cache-warmup.ts) is made under those of several threads: V8 accepts it only there.
 */
export function settingsForWorkerThreads(threads: number): void {
  compileRegExpsAtOnce();
  if (threads > 1) tierUpLaterInWorkers();
}
