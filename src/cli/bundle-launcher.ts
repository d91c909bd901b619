import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/**
 * Start-up of the `splice` binary from its prebuilt bundle (scripts/build-bundle.ts): the CLI and
 * everything it imports in one CommonJS file, plus the V8 code cache of a warm-up run. Loading ~340
 * separate ES modules costs their resolution, reading, parsing and compiling at every start; the
 * bundle is one file, and the code cache hands V8 the bytecode of every function the warm-up ran.
 *
 * The modules (dist/src) stay the reference: no bundle, or one older than them (tsc ran after
 * the bundle was built), and index.ts imports them instead. A code cache is used only with the
 * exact bundle it was made from (its SHA-256 is stored with it): V8's own check compares lengths.
 */

const here = dirname(fileURLToPath(import.meta.url));

export interface BundleFiles {
  /** The compiled modules' entry (dist/src/cli/main.js): the bundle must be newer. */
  modulesEntry: string;
  bundle: string;
  cache: string;
}

/** Where the bundle of this build lives: dist/bundle/ beside dist/src/ (none under tsx: src/ has no such folder). */
export function bundleFiles(): BundleFiles {
  const bundleDir = join(here, '..', '..', 'bundle');
  return { modulesEntry: join(here, 'main.js'), bundle: join(bundleDir, 'splice.cjs'), cache: join(bundleDir, 'splice.cjs.cache') };
}

function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The cached bytecode stored for `hash`, or undefined (missing, or made from another bundle). */
export function cachedDataFor(cacheFile: string, hash: string): Buffer | undefined {
  let stored: Buffer;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return stored.subarray(0, hash.length).toString('latin1') === hash ? stored.subarray(hash.length) : undefined;
}

/**
 * Runs the CLI from the bundle when it is there and fresh; returns false (having run nothing) otherwise,
 * or when the environment sets SPLICE_NO_BUNDLE=1 (to run the modules, for example under a debugger).
 * `writeCache` (the build's warm-up) stores the code cache of everything this run compiled when it exits.
 */
export function runBundle(options: { writeCache?: boolean; files?: BundleFiles } = {}): boolean {
  if (process.env.SPLICE_NO_BUNDLE === '1') return false;
  const files = options.files ?? bundleFiles();
  const bundleTime = modifiedAt(files.bundle);
  const modulesTime = modifiedAt(files.modulesEntry);
  if (bundleTime === undefined || modulesTime === undefined || bundleTime < modulesTime) return false;
  const source = readFileSync(files.bundle, 'utf8');
  const hash = createHash('sha256').update(source).digest('hex');
  const cachedData = options.writeCache ? undefined : cachedDataFor(files.cache, hash);
  // The CommonJS module wrapper, as Node's own loader builds it; the bundle starts with no #! line.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: files.bundle,
    cachedData,
    // The optional packages the bundle leaves out (onnxruntime-node …) are imported dynamically.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (options.writeCache) {
    process.once('exit', () => writeFileSync(files.cache, Buffer.concat([Buffer.from(hash, 'latin1'), script.createCachedData()])));
  }
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(files.bundle), module, files.bundle, dirname(files.bundle));
  return true;
}
