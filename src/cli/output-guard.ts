import { fstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from './errors.js';

/**
 * Never overwrite an input: every command that writes a file (`--output`,
 * `--out-dir`, `eval --report`) checks its targets against its inputs BEFORE it
 * opens anything for writing. Two paths are the same file when they resolve to
 * the same real path, or when they name the same device and inode (hard links,
 * symbolic links, bind mounts, `./x` versus `x`).
 */

/** An input as the command knows it: a path, or an open descriptor (stdin redirected from a file). */
export type InputRef = { path: string } | { fd: number; name: string };

interface Identity {
  real?: string;
  key?: string;
}

function identityOfStats(info: Stats): string {
  return `${info.dev}:${info.ino}`;
}

/** Real path and dev:inode of an existing file; for a missing one, the real path it would have. */
function identityOfPath(path: string): Identity {
  let info: Stats | undefined;
  try {
    info = statSync(path);
  } catch {
    info = undefined;
  }
  let real: string | undefined;
  try {
    real = realpathSync(path);
  } catch {
    // Not there yet: resolve its folder (which may be a symbolic link) and add the name.
    try {
      real = join(realpathSync(dirname(resolve(path))), basename(path));
    } catch {
      real = resolve(path);
    }
  }
  return { real, key: info && info.isFile() ? identityOfStats(info) : undefined };
}

function identityOfFd(fd: number): Identity {
  try {
    const info = fstatSync(fd);
    return { key: info.isFile() ? identityOfStats(info) : undefined };
  } catch {
    return {};
  }
}

/** The identities of the inputs, computed once for many targets (lookups by map: no quadratic scan over many files). */
export class InputSet {
  private readonly byKey = new Map<string, string>();
  private readonly byReal = new Map<string, string>();

  constructor(inputs: readonly InputRef[]) {
    for (const input of inputs) {
      const id = 'path' in input ? identityOfPath(input.path) : identityOfFd(input.fd);
      const name = 'path' in input ? input.path : input.name;
      if (id.key !== undefined && !this.byKey.has(id.key)) this.byKey.set(id.key, name);
      if (id.real !== undefined && !this.byReal.has(id.real)) this.byReal.set(id.real, name);
    }
  }

  /** The input that `target` would overwrite, if any. */
  clash(target: string): string | undefined {
    const id = identityOfPath(target);
    return (id.key !== undefined ? this.byKey.get(id.key) : undefined) ?? (id.real !== undefined ? this.byReal.get(id.real) : undefined);
  }

  /** Throws an InputError (exit 3) when writing `target` would overwrite one of the inputs. */
  assertNotInput(target: string, option: string): void {
    const input = this.clash(target);
    if (input !== undefined) {
      throw new InputError(`${option} ${target} is the input file ${input}: refusing to overwrite an input (choose another output path)`);
    }
  }
}

/** One-shot form of InputSet.assertNotInput. */
export function assertNotAnInput(target: string, inputs: readonly InputRef[], option: string): void {
  new InputSet(inputs).assertNotInput(target, option);
}

/** The descriptor behind a stdin stream when it is a plain file (`splice … < file`), for the check above. */
export function stdinRef(stdin: unknown): InputRef[] {
  const fd = (stdin as { fd?: unknown } | undefined)?.fd;
  return typeof fd === 'number' ? [{ fd, name: '<stdin>' }] : [];
}
