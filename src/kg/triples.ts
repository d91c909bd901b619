import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { readRawLines } from '../cli/line-reader.js';
import { ReidInputError, type Profile } from '../reid/profiles.js';
import { attributeKey } from './attributes.js';

/**
 * Knowledge graphs as triples, JSON Lines `{"s": …, "p": …, "o": …}` (subject,
 * predicate, object; strings or numbers), turned into one profile per
 * individual:
 *
 *   - individuals: the subjects typed as a person ("type" / "instance_of" /
 *     "rdf:type" / P31 with object human, person, Q5, foaf:Person,
 *     schema:Person) when any subject is so typed, otherwise every subject;
 *   - an object that is itself a subject with a name ("name", "label",
 *     "rdfs:label") stands for its names: {"s":"p1","p":"birthplace","o":"Q90"}
 *     with {"s":"Q90","p":"label","o":"Paris"} gives p1 the birthplace "Paris";
 *   - facts keep their predicate as the attribute name (data/kg/attributes.txt
 *     decides what each holds).
 *
 * Errors name the file, line and field, never a value (graphs hold PII).
 */
const MAX_LINE_BYTES = 1024 * 1024;
const termSchema = z.union([z.string(), z.number(), z.boolean()]);
const tripleSchema = z.object({ s: termSchema, p: z.string().trim().min(1, 'must not be empty'), o: termSchema });

export interface Triple {
  s: string;
  p: string;
  o: string;
}

const TYPE_PREDICATES = new Set(['type', 'a', 'instance_of', 'p31', 'is_a']);
const LABEL_PREDICATES = new Set(['name', 'label', 'pref_label']);
const PERSON_TYPES = new Set(['human', 'person', 'q5', 'foaf:person', 'schema:person', 'http://schema.org/person', 'http://xmlns.com/foaf/0.1/person', 'http://www.wikidata.org/entity/q5', 'wd:q5']);

/** The predicate's own name: the last segment of a URI or prefixed name ("rdfs:label" → "label"), as an attribute key. */
function predicateKey(p: string): string {
  const trimmed = p.replace(/[#/:]+$/, '');
  return attributeKey(trimmed.slice(Math.max(trimmed.lastIndexOf('#'), trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1));
}

/** Parse one line (undefined for a blank line). */
export function parseTripleLine(raw: string, source: string, line: number): Triple | undefined {
  if (raw.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ReidInputError('not valid JSON', source, line);
  }
  const parsed = tripleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length ? issue.path.map(String).join('.') : 'line';
    throw new ReidInputError(`invalid triple: ${field}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message}`, source, line);
  }
  const s = String(parsed.data.s).trim();
  const o = String(parsed.data.o).trim();
  if (!s) throw new ReidInputError('invalid triple: s: must not be empty', source, line);
  return { s, p: parsed.data.p.trim(), o };
}

/** Group triples into one profile per individual (see the module comment). */
export function profilesFromTriples(triples: Iterable<Triple>): Profile[] {
  const bySubject = new Map<string, Triple[]>();
  for (const t of triples) {
    const list = bySubject.get(t.s);
    if (list) list.push(t);
    else bySubject.set(t.s, [t]);
  }
  const labels = new Map<string, string[]>();
  const typed = new Set<string>();
  let anyType = false;
  for (const [s, list] of bySubject) {
    for (const t of list) {
      const key = predicateKey(t.p);
      if (LABEL_PREDICATES.has(key) && t.o) labels.set(s, [...(labels.get(s) ?? []), t.o]);
      if (TYPE_PREDICATES.has(key)) {
        anyType = true;
        if (PERSON_TYPES.has(t.o.toLowerCase())) typed.add(s);
      }
    }
  }
  const profiles: Profile[] = [];
  for (const [s, list] of bySubject) {
    if (anyType && !typed.has(s)) continue;
    const attributes: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    for (const t of list) {
      if (TYPE_PREDICATES.has(predicateKey(t.p)) || !t.o) continue;
      const values = t.o !== s && labels.has(t.o) ? labels.get(t.o)! : [t.o];
      const current = attributes[t.p] ?? [];
      for (const v of values) if (!current.includes(v)) current.push(v);
      attributes[t.p] = current;
    }
    profiles.push({ id: s, attributes });
  }
  return profiles;
}

/** Read triples from a stream, line by line. */
export async function readTriples(input: Readable, source = 'triples'): Promise<Triple[]> {
  const out: Triple[] = [];
  const utf8 = new TextDecoder('utf-8', { fatal: true });
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
      const t = parseTripleLine(text, source, raw.number);
      if (t) out.push(t);
    }
  } catch (err) {
    if (err instanceof ReidInputError) throw err;
    const code = (err as { code?: string }).code;
    throw new ReidInputError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'cannot read', source);
  }
  return out;
}

export async function loadTriples(path: string): Promise<Triple[]> {
  return readTriples(createReadStream(path), path);
}
