import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { readRawLines } from '../cli/line-reader.js';

/**
 * Profiles and documents for re-identification (README, "Re-identification attacks").
 *
 *   profile   {"id": "p1", "attributes": {"name": "Ada Vell", "occupation": ["baker", "poet"], …}}
 *   document  {"id": "d1", "text": "…", "profile": "p1"}
 *
 * Attribute values are strings or arrays of strings; attribute names are free.
 * The loaders validate every line with zod and fail with a message that names
 * the file, the line and the field, never the content (profiles are PII).
 *
 * Stable API (shared with src/kg): Profile, ReidDocument, ReidInputError,
 * parseProfileLine, parseProfilesJsonl, loadProfiles, readProfiles,
 * parseDocumentsJsonl, loadDocuments, readDocuments, checkDocumentProfiles,
 * profileIndex, profileValues.
 */

/** A profile with every attribute normalised to an array of non-empty, trimmed strings. */
export interface Profile {
  id: string;
  /** Attribute name → values (a single string in the input becomes a one-element array; empty values are dropped). */
  attributes: Record<string, string[]>;
}

export interface ReidDocument {
  id: string;
  text: string;
  /** Id of the true profile: needed to mask and to score, not to attack. */
  profile?: string;
  /**
   * Spans of this text (UTF-16, end exclusive) that are masks the text itself does not show as
   * such, e.g. surrogate values put in by a redaction: the re-identifiers ignore them.
   */
  masks?: { start: number; end: number }[];
}

/** Bad input: the message names source, line and field, never the content. */
export class ReidInputError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly line?: number,
  ) {
    super(line === undefined ? `${source}: ${message}` : `${source} line ${line}: ${message}`);
    this.name = 'ReidInputError';
  }
}

const idSchema = z.union([z.string().trim().min(1, 'must not be empty'), z.number().int().nonnegative()]);

const attributeValueSchema = z.union([z.string(), z.array(z.string())], {
  error: 'must be a string or an array of strings',
});

const profileSchema = z.object({
  id: idSchema,
  attributes: z.record(z.string(), attributeValueSchema),
});

const documentSchema = z.object({
  id: idSchema,
  text: z.string(),
  profile: idSchema.optional(),
  masks: z.array(z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() })).optional(),
});

/** Longest accepted line (bytes): a profile or document over this is rejected, not read. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function describeIssues(error: z.ZodError, raw: unknown): string {
  const issue = error.issues[0];
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'line';
  // zod messages describe the expected type, never the received value.
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  const message = issue.path.length > 0 && valueAt(raw, issue.path) === undefined ? 'is required' : issue.message;
  return `${path}: ${message}${more}`;
}

function parseJson(raw: string, source: string, line: number): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ReidInputError('not valid JSON', source, line);
  }
}

function normaliseValues(value: string | string[]): string[] {
  const list = typeof value === 'string' ? [value] : value;
  const out: string[] = [];
  for (const v of list) {
    const t = v.trim();
    if (t.length > 0) out.push(t);
  }
  return out;
}

/** Validate one profile line (already decoded); returns undefined for a blank line. */
export function parseProfileLine(raw: string, source = 'profiles', line = 1): Profile | undefined {
  if (raw.trim() === '') return undefined;
  const json = parseJson(raw, source, line);
  const parsed = profileSchema.safeParse(json);
  if (!parsed.success) throw new ReidInputError(`invalid profile: ${describeIssues(parsed.error, json)}`, source, line);
  const attributes: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of Object.entries(parsed.data.attributes)) {
    const key = name.trim();
    if (key === '') throw new ReidInputError('invalid profile: attributes: attribute names must not be empty', source, line);
    const values = normaliseValues(value);
    if (values.length === 0) continue;
    attributes[key] = key in attributes ? [...attributes[key], ...values] : values;
  }
  return { id: String(parsed.data.id).trim(), attributes };
}

function parseDocumentLine(raw: string, source: string, line: number, requireProfile: boolean): ReidDocument | undefined {
  if (raw.trim() === '') return undefined;
  const json = parseJson(raw, source, line);
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) throw new ReidInputError(`invalid document: ${describeIssues(parsed.error, json)}`, source, line);
  const { id, text, profile, masks } = parsed.data;
  if (requireProfile && profile === undefined) throw new ReidInputError('invalid document: profile: is required (the id of the true profile)', source, line);
  const doc: ReidDocument = { id: String(id).trim(), text };
  if (profile !== undefined) doc.profile = String(profile).trim();
  if (masks !== undefined) {
    masks.forEach((m, i) => {
      if (m.end < m.start || m.end > text.length) throw new ReidInputError(`invalid document: masks.${i}: needs start ≤ end ≤ the text's length (UTF-16 offsets)`, source, line);
    });
    doc.masks = masks.map((m) => ({ start: m.start, end: m.end }));
  }
  return doc;
}

function collect<T extends { id: string }>(items: Iterable<[T | undefined, number]>, source: string, kind: string): T[] {
  const out: T[] = [];
  const seen = new Map<string, number>();
  for (const [item, line] of items) {
    if (!item) continue;
    const first = seen.get(item.id);
    if (first !== undefined) throw new ReidInputError(`duplicate ${kind} id (first seen on line ${first})`, source, line);
    seen.set(item.id, line);
    out.push(item);
  }
  return out;
}

function* splitLines(text: string): Generator<[string, number]> {
  let line = 0;
  let from = 0;
  while (from <= text.length) {
    let nl = text.indexOf('\n', from);
    if (nl === -1) nl = text.length;
    line++;
    let raw = text.slice(from, nl);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (nl < text.length || raw !== '') yield [raw, line];
    from = nl + 1;
  }
}

/** Parse profiles from JSON Lines text (blank lines skipped; duplicate ids rejected). */
export function parseProfilesJsonl(text: string, source = 'profiles'): Profile[] {
  return collect(
    (function* () {
      for (const [raw, line] of splitLines(text)) yield [parseProfileLine(raw, source, line), line] as [Profile | undefined, number];
    })(),
    source,
    'profile',
  );
}

/** Parse documents from JSON Lines text; `requireProfile` demands the `profile` field on every line. */
export function parseDocumentsJsonl(text: string, source = 'documents', options: { requireProfile?: boolean } = {}): ReidDocument[] {
  return collect(
    (function* () {
      for (const [raw, line] of splitLines(text)) yield [parseDocumentLine(raw, source, line, options.requireProfile ?? false), line] as [ReidDocument | undefined, number];
    })(),
    source,
    'document',
  );
}

async function* decodedLines(input: Readable, source: string): AsyncGenerator<[string, number]> {
  try {
    for await (const raw of readRawLines(input, MAX_LINE_BYTES)) {
      if (!raw.bytes) throw new ReidInputError(`line longer than ${MAX_LINE_BYTES} bytes`, source, raw.number);
      let text: string;
      try {
        text = utf8.decode(raw.bytes);
      } catch {
        throw new ReidInputError('invalid UTF-8', source, raw.number);
      }
      if (raw.number === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      yield [text, raw.number];
    }
  } catch (err) {
    if (err instanceof ReidInputError) throw err;
    const code = (err as { code?: string }).code;
    throw new ReidInputError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'cannot read', source);
  }
}

async function collectAsync<T extends { id: string }>(lines: AsyncGenerator<[string, number]>, parse: (raw: string, line: number) => T | undefined, source: string, kind: string): Promise<T[]> {
  const items: [T | undefined, number][] = [];
  for await (const [raw, line] of lines) items.push([parse(raw, line), line]);
  return collect(items, source, kind);
}

/** Read profiles from a stream (streamed line by line, each line validated). */
export function readProfiles(input: Readable, source = 'profiles'): Promise<Profile[]> {
  return collectAsync(decodedLines(input, source), (raw, line) => parseProfileLine(raw, source, line), source, 'profile');
}

/** Read documents from a stream. */
export function readDocuments(input: Readable, source = 'documents', options: { requireProfile?: boolean } = {}): Promise<ReidDocument[]> {
  return collectAsync(decodedLines(input, source), (raw, line) => parseDocumentLine(raw, source, line, options.requireProfile ?? false), source, 'document');
}

/** Load a profiles JSONL file. Throws ReidInputError (file, line, field) on bad input. */
export function loadProfiles(path: string): Promise<Profile[]> {
  return readProfiles(createReadStream(path), path);
}

/** Load a documents JSONL file. */
export function loadDocuments(path: string, options: { requireProfile?: boolean } = {}): Promise<ReidDocument[]> {
  return readDocuments(createReadStream(path), path, options);
}

/** Map from profile id to its index in the list. */
export function profileIndex(profiles: readonly Profile[]): Map<string, number> {
  const index = new Map<string, number>();
  profiles.forEach((p, i) => index.set(p.id, i));
  return index;
}

/** Check that every document's `profile` names a loaded profile; throws naming the first document that does not. */
export function checkDocumentProfiles(documents: readonly ReidDocument[], profiles: readonly Profile[] | Map<string, number>, source = 'documents'): void {
  const index = profiles instanceof Map ? profiles : profileIndex(profiles);
  for (const doc of documents) {
    if (doc.profile !== undefined && !index.has(doc.profile)) {
      throw new ReidInputError(`document ${JSON.stringify(doc.id)} names profile ${JSON.stringify(doc.profile)}, which is not among the profiles`, source);
    }
  }
}

/** Every attribute value of a profile, with its attribute name. */
export function profileValues(profile: Profile): { attribute: string; value: string }[] {
  const out: { attribute: string; value: string }[] = [];
  for (const [attribute, values] of Object.entries(profile.attributes)) for (const value of values) out.push({ attribute, value });
  return out;
}
