#!/usr/bin/env node
import { runBundle } from './bundle-launcher.js';

/**
 * Entry point of the `splice` binary: the prebuilt bundle when `npm run build` made one (a faster
 * start, see bundle-launcher.ts), else the compiled modules. The program is in main.ts and program.ts.
 */
if (!runBundle()) await import('./main.js');
