import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/**
 * The Chart.js UMD bundle, read from the installed npm package at run time and
 * inlined into the report (which must work without network). The package does
 * not export its dist/ files, so it is located through its main entry.
 */
export function chartJsSource(): string {
  if (cached === undefined) {
    const require = createRequire(import.meta.url);
    const main = require.resolve('chart.js');
    cached = readFileSync(join(dirname(main), 'chart.umd.js'), 'utf8');
  }
  return cached;
}
