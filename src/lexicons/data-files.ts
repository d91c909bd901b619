import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Locates the repository's data/ folder from both src/ (tsx) and dist/src/ (compiled).
 */
function findDataDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      readFileSync(join(dir, 'data', 'us-states.json'));
      return join(dir, 'data');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('Splice data folder not found');
}

let dataDir: string | undefined;

export function dataPath(name: string): string {
  dataDir ??= findDataDir();
  return join(dataDir, name);
}

export function readDataJson<T>(name: string): T {
  return JSON.parse(readFileSync(dataPath(name), 'utf8')) as T;
}

/** One entry per line; blank lines and lines starting with '#' are skipped. */
export function readDataLines(name: string): string[] {
  return dataLinesOf(readFileSync(dataPath(name), 'utf8'));
}

/** The entries of a list file's text, as readDataLines reads them. */
export function dataLinesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
