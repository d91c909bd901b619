import { tokenize } from '../learn/tokens.js';
import type { SpecLabel } from '../taxonomy.js';

/**
 * Distant labels: the masks of a k-anonymised document become the training
 * labels of a token classifier (every masked mention a labelled span, every
 * other token O). Two forms:
 *
 *   JSONL  {"id", "text", "spans": [{"start", "end", "label"}]}, the benchmark
 *          format (offsets UTF-16 into text, end exclusive): `splice train
 *          --from` and `splice eval --gold` read it;
 *   BIO    one token per line, "token<TAB>B-LABEL | I-LABEL | O", tokens as
 *          the tagger splits them (src/learn/tokens.ts); a "-DOCSTART-" line
 *          before each document and a blank line at each line break of the
 *          text (CoNLL style; `splice eval --format conll` reads it).
 */
export interface LabelledSpan {
  start: number;
  end: number;
  label: SpecLabel;
}

export interface LabelledDocument {
  id: string;
  text: string;
  spans: LabelledSpan[];
}

export function distantLabels(id: string, text: string, masks: ReadonlyArray<{ start: number; end: number; label: SpecLabel }>): LabelledDocument {
  return { id, text, spans: masks.map((m) => ({ start: m.start, end: m.end, label: m.label })) };
}

/** The BIO lines of one document (ending with a newline). */
export function toBio(doc: LabelledDocument): string {
  const spans = [...doc.spans].sort((a, b) => a.start - b.start);
  const lines: string[] = ['-DOCSTART-\tO', ''];
  let s = 0;
  let prevEnd = 0;
  let inSentence = false;
  for (const tok of tokenize(doc.text)) {
    if (inSentence && doc.text.slice(prevEnd, tok.start).includes('\n')) {
      lines.push('');
      inSentence = false;
    }
    while (s < spans.length && spans[s].end <= tok.start) s++;
    const span = spans[s];
    let tag = 'O';
    if (span && span.start <= tok.start && tok.start < span.end) tag = `${tok.start <= span.start || !inSentence || !inSpan(span, prevEnd) ? 'B' : 'I'}-${span.label}`;
    lines.push(`${tok.text}\t${tag}`);
    prevEnd = tok.end;
    inSentence = true;
  }
  if (inSentence) lines.push('');
  return lines.join('\n') + '\n';
}

/** Whether the previous token (ending at prevEnd) lay inside the span. */
function inSpan(span: LabelledSpan, prevEnd: number): boolean {
  return prevEnd > span.start && prevEnd <= span.end;
}
