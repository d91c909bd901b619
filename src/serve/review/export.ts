import type { DocumentRecord, ReviewRecord, StoredSpan } from '../storage/types.js';

/**
 * Exports of reviewed documents. Only accepted spans are written; rejected
 * and pending ones are not annotations. Offsets are UTF-16 indices (benchmark
 * JSONL, Label Studio) or Unicode code points (TAB, as its files count them).
 *
 * - benchmark JSONL: {id, domain?, text, spans: [{start, end, label, text}]}
 *   per line, what `splice eval --gold` reads;
 * - TAB JSON: [{doc_id, text, dataset_type, annotations: {reviewer:
 *   {entity_mentions: [...]}}}], every reviewer as one TAB annotator;
 * - Label Studio JSON: tasks [{id, data: {text, splice_id}, annotations:
 *   [{result: [{value: {start, end, text, labels}}, …]}]}], one annotation per reviewer.
 */
export interface ReviewedDocument {
  document: DocumentRecord;
  reviews: ReviewRecord[];
}

export type ExportFormat = 'jsonl' | 'tab' | 'labelstudio' | 'redacted';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['jsonl', 'tab', 'labelstudio', 'redacted'];

export function acceptedSpans(review: ReviewRecord): StoredSpan[] {
  return review.spans.filter((s) => s.status === 'accepted').sort((a, b) => a.start - b.start || a.end - b.end);
}

export function benchmarkJsonl(items: readonly ReviewedDocument[]): string {
  const lines: string[] = [];
  for (const { document, reviews } of items) {
    for (const review of reviews) {
      const record: Record<string, unknown> = { id: document.name };
      if (document.domain) record.domain = document.domain;
      record.text = document.text;
      record.spans = acceptedSpans(review).map((s) => ({ start: s.start, end: s.end, label: s.label, text: document.text.slice(s.start, s.end) }));
      lines.push(JSON.stringify(record));
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** TAB's masking decision for a span: imported as it was, else from the identifiability assessment. */
export function identifierType(span: StoredSpan): string | undefined {
  if (span.identifierType) return span.identifierType;
  if (span.identifying === true) return 'DIRECT';
  if (span.identifyingInCombination === true) return 'QUASI';
  if (span.identifying === false) return 'NO_MASK';
  return undefined;
}

/** UTF-16 index → code-point index, for texts with characters outside the BMP (TAB counts code points). */
function codePointIndex(text: string): (utf16: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (i) => i;
  const map = new Int32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = cp;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      // The low half of a pair counts with the high half: one code point.
      if (d >= 0xdc00 && d <= 0xdfff) map[++i] = cp;
    }
    cp++;
  }
  map[text.length] = cp;
  return (i) => map[i];
}

export function tabJson(items: readonly ReviewedDocument[]): string {
  const documents = items.map(({ document, reviews }) => {
    const cp = codePointIndex(document.text);
    const annotations: Record<string, { entity_mentions: object[] }> = {};
    for (const review of reviews) {
      annotations[review.reviewer] = {
        entity_mentions: acceptedSpans(review).map((s, i) => {
          const mention: Record<string, unknown> = {
            entity_type: s.label,
            entity_mention_id: `${document.name}_em${i + 1}`,
            start_offset: cp(s.start),
            end_offset: cp(s.end),
            span_text: document.text.slice(s.start, s.end),
          };
          const type = identifierType(s);
          if (type) mention.identifier_type = type;
          return mention;
        }),
      };
    }
    return { doc_id: document.name, text: document.text, dataset_type: 'splice-review', annotations };
  });
  return `${JSON.stringify(documents, null, 1)}\n`;
}

export function labelStudioJson(items: readonly ReviewedDocument[]): string {
  const tasks = items.map(({ document, reviews }) => ({
    id: document.position,
    data: { text: document.text, splice_id: document.name, ...(document.domain ? { domain: document.domain } : {}) },
    annotations: reviews.map((review) => ({
      splice_reviewer: review.reviewer,
      updated_at: review.updatedAt,
      result: acceptedSpans(review).map((s, i) => ({
        id: `s${i + 1}`,
        from_name: 'label',
        to_name: 'text',
        type: 'labels',
        value: { start: s.start, end: s.end, text: document.text.slice(s.start, s.end), labels: [s.label] },
      })),
    })),
  }));
  return `${JSON.stringify(tasks, null, 1)}\n`;
}

/**
 * Accepted spans made non-overlapping for redaction: overlapping or touching-inside
 * spans are merged into one covering both, labelled as the longer of them.
 */
export function mergeForRedaction(spans: readonly StoredSpan[]): Array<{ start: number; end: number; label: string }> {
  const ordered = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Array<{ start: number; end: number; label: string; length: number }> = [];
  for (const s of ordered) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) {
      if (s.end - s.start > last.length) {
        last.label = s.label;
        last.length = s.end - s.start;
      }
      last.end = Math.max(last.end, s.end);
    } else {
      merged.push({ start: s.start, end: s.end, label: s.label, length: s.end - s.start });
    }
  }
  return merged.map(({ start, end, label }) => ({ start, end, label }));
}
