import type { GoldDocument, GoldSpan, IdentifierType } from '../types.js';
import { toSpliceLabel } from './labels.js';
import { CorpusFormatError, type CorpusLoader, type LoadOptions } from './loader.js';

/**
 * The Text Anonymization Benchmark (TAB, echr_*.json): a JSON array of court
 * cases {doc_id, text, annotations: {annotatorN: {entity_mentions: [...]}}}.
 *
 * - Gold is one annotator's mentions: the one named by `annotator`, else the
 *   first listed in each document. Documents the named annotator did not
 *   annotate are skipped (reported in `warnings`).
 * - entity_type → label: PERSON→PERSON_NAME, CODE→ID_NUMBER, LOC→LOCATION,
 *   ORG→ORGANIZATION, DEM→DEMOGRAPHIC; DATETIME, QUANTITY, MISC have no Splice
 *   category and stay unlabeled gold (label-blind metrics only).
 * - identifier_type (DIRECT / QUASI / NO_MASK) is kept, for recall on the
 *   spans that must be masked (DIRECT + QUASI).
 * - TAB offsets count Unicode code points (Python); they are converted to
 *   UTF-16 indices, checked against span_text.
 */
const IDENTIFIER_TYPES = new Set<string>(['DIRECT', 'QUASI', 'NO_MASK']);

interface TabMention {
  entity_type?: string;
  start_offset?: number;
  end_offset?: number;
  span_text?: string;
  identifier_type?: string;
}

interface TabDocument {
  doc_id?: string;
  text?: string;
  dataset_type?: string;
  annotations?: Record<string, { entity_mentions?: TabMention[] }>;
}

/** UTF-16 index of each code-point offset, or null when the text has no astral characters. */
function codePointToUtf16(text: string): number[] | null {
  if (!/[\uD800-\uDBFF]/.test(text)) return null;
  const map: number[] = [];
  let u = 0;
  for (const ch of text) {
    map.push(u);
    u += ch.length;
  }
  map.push(u);
  return map;
}

export const tabLoader: CorpusLoader = {
  format: 'tab',
  sniff: (_path, head) => head.trimStart().startsWith('[') && /"annotations"\s*:/.test(head) && /"entity_mentions"|"doc_id"/.test(head),
  load(content, options: LoadOptions) {
    let raw: unknown;
    try {
      raw = JSON.parse(content);
    } catch {
      throw new CorpusFormatError('TAB file', 'not valid JSON');
    }
    if (!Array.isArray(raw)) throw new CorpusFormatError('TAB file', 'expected a JSON array of documents');
    const documents: GoldDocument[] = [];
    const warnings: string[] = [];
    let skippedDocs = 0;
    let badSpans = 0;
    (raw as TabDocument[]).forEach((d, i) => {
      const where = `document ${i + 1}`;
      if (typeof d?.text !== 'string') throw new CorpusFormatError(where, 'missing "text"');
      const annotations = d.annotations ?? {};
      const annotator = options.annotator ?? Object.keys(annotations)[0];
      const chosen = annotator === undefined ? { entity_mentions: [] } : annotations[annotator];
      if (!chosen) {
        skippedDocs++;
        return;
      }
      const text = d.text;
      const map = codePointToUtf16(text);
      const spans: GoldSpan[] = [];
      for (const m of chosen.entity_mentions ?? []) {
        const span = convertMention(m, text, map);
        if (span) spans.push(span);
        else badSpans++;
      }
      const doc: GoldDocument = { id: String(d.doc_id ?? `doc-${i + 1}`), text, spans };
      documents.push(doc);
    });
    if (skippedDocs) warnings.push(`${skippedDocs} document(s) without annotations by ${options.annotator} skipped`);
    if (badSpans) warnings.push(`${badSpans} mention(s) with offsets that do not match their span_text skipped`);
    return { format: 'tab', documents, warnings };
  },
};

function convertMention(m: TabMention, text: string, map: number[] | null): GoldSpan | null {
  if (!Number.isInteger(m.start_offset) || !Number.isInteger(m.end_offset) || typeof m.entity_type !== 'string') return null;
  const candidates: Array<[number, number]> = [];
  if (map && m.end_offset! < map.length) candidates.push([map[m.start_offset!], map[m.end_offset!]]);
  candidates.push([m.start_offset!, m.end_offset!]);
  const fits = candidates.find(([s, e]) => s >= 0 && e > s && e <= text.length && (m.span_text === undefined || text.slice(s, e) === m.span_text));
  if (!fits) return null;
  const span: GoldSpan = { start: fits[0], end: fits[1], label: toSpliceLabel(m.entity_type), sourceLabel: m.entity_type };
  if (m.identifier_type && IDENTIFIER_TYPES.has(m.identifier_type)) span.identifierType = m.identifier_type as IdentifierType;
  return span;
}
