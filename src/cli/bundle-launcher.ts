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
 * The batch worker thread starts the same way (worker-entry.ts, worker.cjs and its own cache):
 * each worker compiles its whole program again, so the cache saves that in every worker.
 */

const here = dirname(fileURLToPath(import.meta.url));

export interface BundleFiles {
  /** The compiled modules' entry (dist/src/cli/main.js): the bundle must be newer. */
  modulesEntry: string;
  bundle: string;
  cache: string;
}

const bundleDir = join(here, '..', '..', 'bundle');

/** Where the CLI's bundle of this build lives: dist/bundle/ beside dist/src/ (none under tsx: src/ has no such folder). */
export function bundleFiles(): BundleFiles {
  return { modulesEntry: join(here, 'main.js'), bundle: join(bundleDir, 'splice.cjs'), cache: join(bundleDir, 'splice.cjs.cache') };
}

/** The batch worker thread's bundle (worker.ts and what it imports), beside the CLI's. */
export function workerBundleFiles(): BundleFiles {
  return { modulesEntry: join(here, 'worker.js'), bundle: join(bundleDir, 'worker.cjs'), cache: join(bundleDir, 'worker.cjs.cache') };
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

/** A bundle compiled (with its code cache when one was made from it), not yet run. */
export interface CompiledBundle {
  script: vm.Script;
  /** SHA-256 of the bundle's source, stored at the head of its code cache. */
  hash: string;
  /** Runs the bundle's top level as Node's CommonJS loader would; returns its `module.exports`. */
  run(): unknown;
}

/**
 * The bundle, when it is there and fresh (at least as new as the compiled modules), compiled;
 * undefined otherwise, or when the environment sets SPLICE_NO_BUNDLE=1 (to run the modules,
 * for example under a debugger). `useCache: false` compiles without the stored code cache.
 */
export function compileBundle(files: BundleFiles, useCache = true): CompiledBundle | undefined {
  if (process.env.SPLICE_NO_BUNDLE === '1') return undefined;
  const bundleTime = modifiedAt(files.bundle);
  const modulesTime = modifiedAt(files.modulesEntry);
  if (bundleTime === undefined || modulesTime === undefined || bundleTime < modulesTime) return undefined;
  const source = readFileSync(files.bundle, 'utf8');
  const hash = createHash('sha256').update(source).digest('hex');
  const cachedData = useCache ? cachedDataFor(files.cache, hash) : undefined;
  // The CommonJS module wrapper, as Node's own loader builds it; the bundle starts with no #! line.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: files.bundle,
    cachedData,
    // The optional packages the bundle leaves out (onnxruntime-node …) are imported dynamically.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const run = (): unknown => {
    const module = { exports: {} };
    (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(files.bundle), module, files.bundle, dirname(files.bundle));
    return module.exports;
  };
  return { script, hash, run };
}

/**
 * Stores V8's code cache of everything `compiled` has compiled so far (the functions a warm-up
 * ran), behind the bundle's hash. V8 accepts it only in a process with the same V8 settings.
 */
export function writeCodeCache(files: BundleFiles, compiled: CompiledBundle): void {
  writeFileSync(files.cache, Buffer.concat([Buffer.from(compiled.hash, 'latin1'), compiled.script.createCachedData()]));
}

/**
 * Runs the bundle (the CLI's unless `files` names another) when it is there and fresh; returns
 * false (having run nothing) otherwise (see compileBundle). `writeCache` (the build's warm-up)
 * stores the code cache of everything this run compiled when the process exits.
 */
export function runBundle(options: { writeCache?: boolean; files?: BundleFiles } = {}): boolean {
  const files = options.files ?? bundleFiles();
  const compiled = compileBundle(files, !options.writeCache);
  if (!compiled) return false;
  if (options.writeCache) process.once('exit', () => writeCodeCache(files, compiled));
  compiled.run();
  return true;
}
