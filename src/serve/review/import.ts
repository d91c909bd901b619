import { basename } from 'node:path';
import { binaryReason, describeRejection } from '../../cli/input.js';
import { LOADERS } from '../../eval/loaders/index.js';
import { CorpusFormatError } from '../../eval/loaders/loader.js';
import type { GoldSpan } from '../../eval/types.js';

/**
 * Uploads to the review app: a plain-text file is one document; a benchmark
 * JSONL file, a TAB JSON file or a CoNLL file (the loaders of `splice eval`,
 * src/eval/loaders) gives its documents with their annotations, which become
 * suggestions to review. Errors name the file and line, never the text.
 */
export interface UploadedSpan {
  start: number;
  end: number;
  label: string;
  identifierType?: string;
}

export interface UploadedDocument {
  name: string;
  domain?: string;
  text: string;
  spans: UploadedSpan[];
}

export interface ParsedUpload {
  /** text | splice | tab | conll */
  format: string;
  documents: UploadedDocument[];
  warnings: string[];
}

export interface UploadOptions {
  /** TAB: whose annotations to import (default: the first annotator of each document). */
  annotator?: string;
  /** Largest document, in UTF-8 bytes. */
  maxBytes: number;
  /** Most documents in one upload. */
  maxDocuments: number;
}

export class UploadError extends Error {
  readonly printable = true;
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

const TEXT_EXTENSIONS = /\.(txt|text|md|markdown|rst|log|eml)$/i;
/** Gold labels without a Splice category keep a name of their own (TAB's DATETIME is Splice's DATE extension). */
const UNLABELED_NAMES: Record<string, string> = { DATETIME: 'DATE', DATE: 'DATE', QUANTITY: 'QUANTITY' };

export function labelOf(span: GoldSpan): string {
  if (span.label) return span.label;
  const raw = (span.sourceLabel ?? '').trim().toUpperCase();
  if (UNLABELED_NAMES[raw]) return UNLABELED_NAMES[raw];
  const cleaned = raw.replace(/[^A-Z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return /^[A-Z]/.test(cleaned) ? cleaned : 'MISC';
}

export function parseUpload(filename: string, content: string, options: UploadOptions): ParsedUpload {
  const name = basename(filename.replace(/\\/g, '/')) || 'document.txt';
  const loader = TEXT_EXTENSIONS.test(name) ? undefined : LOADERS.find((l) => l.sniff(name, content.slice(0, 4096)));
  let parsed: ParsedUpload;
  if (!loader) {
    parsed = { format: 'text', documents: [{ name, text: content, spans: [] }], warnings: [] };
  } else {
    let corpus;
    try {
      corpus = loader.load(content, { annotator: options.annotator });
    } catch (err) {
      if (err instanceof CorpusFormatError) throw new UploadError(`${name}: ${err.message}`);
      throw new UploadError(`${name}: cannot be read as ${loader.format} (${err instanceof Error ? err.name : typeof err})`);
    }
    parsed = {
      format: corpus.format,
      warnings: corpus.warnings ?? [],
      documents: corpus.documents.map((d) => {
        const doc: UploadedDocument = {
          name: d.id,
          text: d.text,
          spans: d.spans.map((s) => {
            const span: UploadedSpan = { start: s.start, end: s.end, label: labelOf(s) };
            if (s.identifierType) span.identifierType = s.identifierType;
            return span;
          }),
        };
        if (d.domain) doc.domain = d.domain;
        return doc;
      }),
    };
  }
  if (parsed.documents.length === 0) throw new UploadError(`${name}: no documents found`);
  if (parsed.documents.length > options.maxDocuments) throw new UploadError(`${name}: ${parsed.documents.length} documents; at most ${options.maxDocuments} per upload`);
  parsed.documents.forEach((d, i) => {
    const where = parsed.format === 'text' ? name : `${name}, document ${i + 1}`;
    const bytes = Buffer.byteLength(d.text, 'utf8');
    if (bytes > options.maxBytes) throw new UploadError(`${where}: ${describeRejection({ kind: 'oversize', bytes, limit: options.maxBytes })}`);
    const binary = binaryReason(d.text);
    if (binary) throw new UploadError(`${where}: ${describeRejection(binary)}`);
    if (d.name.length === 0 || d.name.length > 200) throw new UploadError(`${where}: document ids must have 1 to 200 characters`);
  });
  return parsed;
}
