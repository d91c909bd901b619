import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { dataPath } from './data-files.js';

/**
 * Compact indexes compiled from large npm data packages (word lists, the
 * GeoNames cities) so that a process or worker thread loads them in
 * milliseconds. `npm run build` and `prepare` write them to data/compiled/
 * (scripts/build-compact-data.ts; not committed). Each file starts with two
 * header lines:
 *
 *   # source: <where the data comes from>
 *   # key: <package@version of the source, format version>
 *
 * A file that is missing, damaged, or whose key does not match the installed
 * package (an upgrade without a rebuild), is ignored and the index is compiled from
 * the package in-process instead: the same result, only slower.
 */
export const COMPILED_FORMAT = 3;

const require = createRequire(import.meta.url);

/** "package@version/format": what a compiled file must have been built from. */
export function sourceKey(pkg: string): string {
  const { version } = require(`${pkg}/package.json`) as { version: string };
  return `${pkg}@${version}/v${COMPILED_FORMAT}`;
}

/**
 * "name@hash/format" for data compiled from a file of the repository (a word list, a
 * model): the hash of its bytes and of `extra` (whatever else the result depends on),
 * so that an edited file (or one checked out anew) is never read from a stale compile.
 */
export function contentKey(name: string, bytes: Uint8Array, extra = ''): string {
  const hash = createHash('sha256').update(bytes).update(extra).digest('hex').slice(0, 32);
  return `${name}@${hash}/v${COMPILED_FORMAT}`;
}

export function compiledPath(name: string): string {
  return dataPath(`compiled/${name}`);
}

/** Byte offset just past the two header lines, or -1 when the header is not there or its key differs. */
function bodyStart(buf: Buffer, key: string): number {
  const first = buf.indexOf(10);
  if (first === -1 || buf[0] !== 0x23) return -1;
  const second = buf.indexOf(10, first + 1);
  if (second === -1) return -1;
  return buf.toString('utf8', first + 1, second) === `# key: ${key}` ? second + 1 : -1;
}

/** The body of data/compiled/<name> when it was built from `key`, else undefined. */
export function readCompiled(name: string, key: string): Buffer | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(compiledPath(name));
  } catch {
    return undefined;
  }
  const start = bodyStart(buf, key);
  return start === -1 ? undefined : buf.subarray(start);
}

/**
 * The index in data/compiled/<name> when it was built from `key` and decodes;
 * otherwise (missing, stale, damaged) the same index compiled in-process.
 */
export function loadCompiled<T>(name: string, key: string, decode: (body: Buffer) => T, compile: () => Buffer): T {
  const body = readCompiled(name, key);
  if (body) {
    try {
      return decode(body);
    } catch {
      // A damaged file: compile instead (same answers, slower).
    }
  }
  return decode(compile());
}

/** Write data/compiled/<name> (atomically: a reader never sees half a file). */
export function writeCompiled(name: string, source: string, key: string, body: string | Uint8Array): void {
  const path = compiledPath(name);
  mkdirSync(dirname(path), { recursive: true });
  const head = Buffer.from(`# source: ${source}\n# key: ${key}\n`, 'utf8');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([head, typeof body === 'string' ? Buffer.from(body, 'utf8') : body]));
  renameSync(tmp, path);
}

/**
 * A list of strings without line breaks as "count\nitem\nitem…" (the count tells an empty
 * list from a list of one empty string), and back: undefined when the count does not match.
 */
export function encodeLines(lines: readonly string[]): string {
  return `${lines.length}\n${lines.join('\n')}`;
}

export function decodeLines(body: Buffer): string[] | undefined {
  const text = body.toString('utf8');
  const nl = text.indexOf('\n');
  const count = Number(text.slice(0, nl === -1 ? text.length : nl));
  if (!Number.isInteger(count) || count < 0) return undefined;
  if (count === 0) return nl === -1 ? [] : undefined;
  const lines = text.slice(nl + 1).split('\n');
  return lines.length === count ? lines : undefined;
}
