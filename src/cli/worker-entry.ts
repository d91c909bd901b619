import { runBundle, workerBundleFiles } from './bundle-launcher.js';

/**
 * Entry point of a batch worker thread: the prebuilt worker bundle with its code cache when
 * `npm run build` made them (see bundle-launcher.ts), else the compiled worker module.
 */
if (!runBundle({ files: workerBundleFiles() })) await import('./worker.js');
