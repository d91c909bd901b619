import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { InputError, UsageError } from './errors.js';

/**
 * Reading and validating input documents. Every check fails with an InputError
 * that names the file (or line / id), never the document text.
 */

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** File extensions picked up when a folder is given (override with --ext). */
export const DEFAULT_EXTENSIONS: readonly string[] = ['txt', 'text', 'md', 'markdown', 'rst', 'csv', 'tsv', 'log', 'eml'];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a piece of input was rejected; `describe` turns it into a message for a given source name. */
export type RejectReason =
  | { kind: 'oversize'; bytes: number; limit: number }
  | { kind: 'binary'; detail: string }
  | { kind: 'invalid-utf8' };

export function describeRejection(reason: RejectReason): string {
  switch (reason.kind) {
    case 'oversize':
      return `too large (${reason.bytes} bytes, limit ${reason.limit}; raise it with --max-bytes)`;
    case 'binary':
      return `binary content (${reason.detail}); only UTF-8 text is accepted`;
    case 'invalid-utf8':
      return 'not valid UTF-8 text';
  }
}

/** Decode raw bytes as strict UTF-8 and check they look like text. */
export function decodeText(bytes: Uint8Array, maxBytes: number): { text: string } | { reject: RejectReason } {
  if (bytes.length > maxBytes) return { reject: { kind: 'oversize', bytes: bytes.length, limit: maxBytes } };
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { reject: { kind: 'binary', detail: 'UTF-16 byte order mark; convert to UTF-8' } };
  }
  if (bytes.indexOf(0) !== -1) return { reject: { kind: 'binary', detail: 'NUL bytes' } };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { reject: { kind: 'invalid-utf8' } };
  }
  const binary = binaryReason(text);
  return binary ? { reject: binary } : { text };
}

/**
 * Text (already decoded) that is mostly control characters is treated as
 * binary: the detectors would only produce noise on it.
 */
export function binaryReason(text: string): RejectReason | undefined {
  if (text.indexOf('\u0000') !== -1) return { kind: 'binary', detail: 'NUL characters' };
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    // Tab, line feed, vertical tab, form feed, carriage return and escape are common in text files.
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13 && c !== 27) || (c >= 0x7f && c < 0xa0)) control++;
  }
  if (sample.length >= 8 && control / sample.length > 0.1) return { kind: 'binary', detail: 'mostly control characters' };
  return undefined;
}

/** One document to process from the file system. */
export interface InputFile {
  /** Path as given or found (used in messages and output). */
  path: string;
  /** Path relative to the folder it was found in (or the file name): where --out-dir puts its copy. */
  relativePath: string;
  /**
   * Set when the path could not be used at all (missing, unreadable folder, not
   * a regular file): the message names the path, and the run goes on with the others.
   */
  error?: string;
}

export interface CollectOptions {
  extensions: readonly string[];
  /** Absolute folders never walked into (the --out-dir, so a run does not read its own output). */
  exclude?: readonly string[];
}

/**
 * Expand the path arguments: files are taken as they are, folders are walked
 * recursively (sorted, hidden entries and symbolic links skipped) for files with
 * one of the extensions. A path that cannot be used becomes an entry with an
 * `error`, in its place, so one missing path does not stop the run.
 */
export async function collectInputFiles(paths: readonly string[], options: CollectOptions): Promise<InputFile[]> {
  const extensions = new Set(options.extensions.map((e) => e.replace(/^\./, '').toLowerCase()));
  const exclude = new Set((options.exclude ?? []).map((p) => resolve(p)));
  const files: InputFile[] = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (err) {
      files.push({ path, relativePath: basename(path), error: `${path}: ${fsReason(err)}` });
      continue;
    }
    if (info.isDirectory()) {
      await walk(path, path, extensions, exclude, files);
    } else if (info.isFile()) {
      files.push({ path, relativePath: basename(path) });
    } else {
      files.push({ path, relativePath: basename(path), error: `${path}: not a regular file or folder` });
    }
  }
  return files;
}

async function walk(root: string, dir: string, extensions: Set<string>, exclude: Set<string>, out: InputFile[]): Promise<void> {
  if (exclude.has(resolve(dir))) return;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    out.push({ path: dir, relativePath: relative(root, dir) || basename(dir), error: `${dir}: ${fsReason(err)}` });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await walk(root, full, extensions, exclude, out);
    else if (entry.isFile() && extensions.has(extname(entry.name).slice(1).toLowerCase())) {
      out.push({ path: full, relativePath: relative(root, full) });
    }
  }
}

/** Read one file as a document, checking size before reading it. */
export async function readInputFile(path: string, maxBytes: number): Promise<string> {
  let size: number;
  try {
    const info = await lstat(path).then((l) => (l.isSymbolicLink() ? stat(path) : l));
    if (!info.isFile()) throw new InputError(`${path}: not a regular file`);
    size = info.size;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${path}: ${fsReason(err)}`);
  }
  if (size > maxBytes) throw new InputError(`${path}: ${describeRejection({ kind: 'oversize', bytes: size, limit: maxBytes })}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new InputError(`${path}: ${fsReason(err)}`);
  }
  const decoded = decodeText(bytes, maxBytes);
  if ('reject' in decoded) throw new InputError(`${path}: ${describeRejection(decoded.reject)}`);
  return decoded.text;
}

/** Read all of standard input as one document, stopping as soon as it exceeds the limit. */
export async function readStdinDocument(stdin: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.length;
    if (total > maxBytes) {
      stdin.destroy();
      throw new InputError(`<stdin>: too large (more than ${maxBytes} bytes; raise the limit with --max-bytes)`);
    }
    chunks.push(buf);
  }
  const decoded = decodeText(Buffer.concat(chunks), maxBytes);
  if ('reject' in decoded) throw new InputError(`<stdin>: ${describeRejection(decoded.reject)}`);
  return decoded.text;
}

/** A short reason for a file-system error, without the path (callers add it). */
export function fsReason(err: unknown): string {
  const code = (err as { code?: string } | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'not a folder';
    case 'ELOOP':
      return 'too many symbolic links';
    default:
      return code ? `cannot read (${code})` : 'cannot read';
  }
}

/** Parse a size such as "10485760", "512k", "10MB" or "1.5 MiB" (powers of 1024). */
export function parseByteSize(value: string): number {
  const m = /^\s*(\d{1,15}(?:\.\d{1,6})?)\s{0,3}([kmg]?)(?:i?b)?\s*$/i.exec(value);
  if (!m) throw new UsageError(`invalid size "${value}" (examples: 500000, 512k, 10MB)`);
  const unit = m[2].toLowerCase();
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.floor(Number(m[1]) * factor);
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new UsageError(`invalid size "${value}": must be at least 1 byte`);
  return bytes;
}
