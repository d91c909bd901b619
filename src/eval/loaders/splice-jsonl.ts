import type { GoldSpan, GoldDocument } from '../types.js';
import { toSpliceLabel } from './labels.js';
import { CorpusFormatError, type CorpusLoader } from './loader.js';

/**
 * The benchmark format of GUIDELINES.md: one JSON document per line,
 * {id, domain?, text, spans: [{start, end, label, text?}]}, UTF-16 offsets.
 */
export const spliceJsonlLoader: CorpusLoader = {
  format: 'splice',
  sniff: (path, head) => /\.jsonl$/i.test(path) || (head.trimStart().startsWith('{') && /"text"\s*:/.test(head) && /"spans"\s*:/.test(head)),
  load(content) {
    const documents: GoldDocument[] = [];
    const seen = new Set<string>();
    content.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      const where = `line ${i + 1}`;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        throw new CorpusFormatError(where, 'not valid JSON');
      }
      documents.push(parseDocument(raw, where, `doc-${documents.length + 1}`));
      const id = documents[documents.length - 1].id;
      if (seen.has(id)) throw new CorpusFormatError(where, `duplicate document id ${JSON.stringify(id)}`);
      seen.add(id);
    });
    return { format: 'splice', documents };
  },
};

export function parseDocument(raw: unknown, where: string, defaultId: string): GoldDocument {
  if (!raw || typeof raw !== 'object') throw new CorpusFormatError(where, 'expected a JSON object');
  const o = raw as Record<string, unknown>;
  if (typeof o.text !== 'string') throw new CorpusFormatError(where, 'missing "text" string');
  const text = o.text;
  const id = typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : defaultId;
  const rawSpans = o.spans ?? [];
  if (!Array.isArray(rawSpans)) throw new CorpusFormatError(where, '"spans" must be an array');
  const spans = rawSpans.map((s: unknown, k) => parseSpan(s, text, `${where}, span ${k + 1}`));
  const doc: GoldDocument = { id, text, spans };
  if (typeof o.domain === 'string') doc.domain = o.domain;
  return doc;
}

function parseSpan(raw: unknown, text: string, where: string): GoldSpan {
  const s = (raw ?? {}) as Record<string, unknown>;
  const { start, end, label } = s;
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw new CorpusFormatError(where, 'start and end must be integers');
  if ((start as number) < 0 || (end as number) <= (start as number) || (end as number) > text.length) {
    throw new CorpusFormatError(where, `offsets ${start}–${end} out of range for a text of length ${text.length}`);
  }
  if (typeof label !== 'string') throw new CorpusFormatError(where, 'missing "label"');
  if (typeof s.text === 'string' && s.text !== text.slice(start as number, end as number)) {
    throw new CorpusFormatError(where, 'span "text" differs from text.slice(start, end) (offsets must be UTF-16 indices)');
  }
  const span: GoldSpan = { start: start as number, end: end as number, label: toSpliceLabel(label) };
  if (span.label !== label) span.sourceLabel = label;
  return span;
}
