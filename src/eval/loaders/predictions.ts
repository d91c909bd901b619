import { readFileSync } from 'node:fs';
import type { GoldCorpus, PredictedSpan, Predictions } from '../types.js';
import { toPredictedLabel } from './labels.js';
import { CorpusFormatError } from './loader.js';

/**
 * Predictions of any system, to score it on the same corpus (--pred):
 * - JSONL, one record per document: {"id": "...", "spans": [{start, end, label}]};
 *   `doc_id` / `docId` for the id, `entities` for the spans, `start_offset` /
 *   `end_offset` and `entity_type` / `type` for span fields are accepted too;
 * - the output of `splice detect`: one JSON object {"spans": [...]} (for a
 *   one-document corpus) or a JSON array of such records.
 * Records are matched to gold documents by id; a record without an id takes
 * the gold document at the same position. Labels that are not Splice labels
 * are mapped (data/eval/external-labels.json) or kept as unlabeled PII.
 */
export interface LoadedPredictions {
  predictions: Predictions;
  warnings: string[];
}

export function loadPredictions(path: string, corpus: GoldCorpus): LoadedPredictions {
  return parsePredictions(readFileSync(path, 'utf8'), corpus);
}

export function parsePredictions(content: string, corpus: GoldCorpus): LoadedPredictions {
  const records = parseRecords(content);
  const goldIds = new Set(corpus.documents.map((d) => d.id));
  const predictions: Predictions = new Map();
  let unknownIds = 0;
  records.forEach((rec, i) => {
    const where = `prediction record ${i + 1}`;
    const id = recordId(rec) ?? corpus.documents[i]?.id;
    if (id === undefined || !goldIds.has(id)) {
      unknownIds++;
      return;
    }
    const spans = rec.spans ?? rec.entities ?? [];
    if (!Array.isArray(spans)) throw new CorpusFormatError(where, '"spans" must be an array');
    const list = predictions.get(id) ?? [];
    for (const [k, s] of (spans as unknown[]).entries()) list.push(parseSpan(s, `${where}, span ${k + 1}`));
    predictions.set(id, list);
  });
  const warnings: string[] = [];
  if (unknownIds) warnings.push(`${unknownIds} prediction record(s) match no gold document id and were ignored`);
  const missing = corpus.documents.filter((d) => !predictions.has(d.id)).length;
  if (missing) warnings.push(`${missing} gold document(s) have no prediction record (scored as nothing predicted)`);
  return { predictions, warnings };
}

function parseRecords(content: string): Array<Record<string, unknown>> {
  const trimmed = content.trim();
  if (!trimmed) return [];
  try {
    const whole = JSON.parse(trimmed) as unknown;
    if (Array.isArray(whole)) return whole as Array<Record<string, unknown>>;
    if (whole && typeof whole === 'object') return [whole as Record<string, unknown>];
  } catch {
    // not one JSON value: JSON Lines
  }
  return trimmed
    .split('\n')
    .map((line, i) => ({ line: line.trim(), i }))
    .filter(({ line }) => line)
    .map(({ line, i }) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new CorpusFormatError(`predictions line ${i + 1}`, 'not valid JSON');
      }
    });
}

function recordId(rec: Record<string, unknown>): string | undefined {
  const id = rec.id ?? rec.doc_id ?? rec.docId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function parseSpan(raw: unknown, where: string): PredictedSpan {
  const s = (raw ?? {}) as Record<string, unknown>;
  const start = s.start ?? s.start_offset;
  const end = s.end ?? s.end_offset;
  const label = s.label ?? s.entity_type ?? s.type;
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw new CorpusFormatError(where, 'start and end must be integers');
  if (typeof label !== 'string') throw new CorpusFormatError(where, 'missing "label"');
  const span: PredictedSpan = { start: start as number, end: end as number, label: toPredictedLabel(label) };
  if (span.label !== label) span.sourceLabel = label;
  if (typeof s.score === 'number') span.score = s.score;
  return span;
}
