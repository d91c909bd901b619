import type { GoldDocument, GoldSpan } from '../types.js';
import { toSpliceLabel } from './labels.js';
import { CorpusFormatError, type CorpusLoader } from './loader.js';

/**
 * CoNLL-style token files: one token per line, the token in the first column
 * and its tag in the last (BIO / IOB1 / BIOES: B-X, I-X, E-X, S-X, L-X, U-X, O).
 * A blank line ends a sentence; a "-DOCSTART-" line starts a new document.
 * The text is rebuilt with one space between tokens and a newline between
 * sentences, and spans get UTF-16 offsets into that text. X is mapped with
 * data/eval/external-labels.json (PER→PERSON_NAME, LOC→LOCATION, …; unknown
 * X is unlabeled gold).
 */
const TAG = /^([BIESLU])-(.{1,64})$/;

export const conllLoader: CorpusLoader = {
  format: 'conll',
  sniff: (path, head) => /\.(conll|conllu|bio|iob|bioes|tsv)$/i.test(path) || /^\S{1,200}(?:[ \t]\S{1,200}){0,20}[ \t](?:O|[BIESLU]-\S{1,64})\r?$/m.test(head.split('\n', 3).join('\n')),
  load(content) {
    const documents: GoldDocument[] = [];
    let text = '';
    let spans: GoldSpan[] = [];
    let open: { start: number; end: number; type: string } | null = null;
    let sentenceHasTokens = false;

    const close = () => {
      if (open) spans.push({ start: open.start, end: open.end, label: toSpliceLabel(open.type), sourceLabel: open.type });
      open = null;
    };
    const finishDocument = () => {
      close();
      if (text.length || spans.length) documents.push({ id: `doc-${documents.length + 1}`, text, spans });
      text = '';
      spans = [];
      sentenceHasTokens = false;
    };

    content.split('\n').forEach((rawLine, i) => {
      const line = rawLine.replace(/\r$/, '');
      const fields = line.trim().split(/\s+/);
      if (!line.trim()) {
        close();
        if (sentenceHasTokens) text += '\n';
        sentenceHasTokens = false;
        return;
      }
      if (fields[0] === '-DOCSTART-') {
        finishDocument();
        return;
      }
      if (fields.length < 2) throw new CorpusFormatError(`line ${i + 1}`, 'expected a token and a tag');
      const token = fields[0];
      const tag = fields[fields.length - 1];
      if (sentenceHasTokens) text += ' ';
      const start = text.length;
      text += token;
      sentenceHasTokens = true;
      if (tag === 'O') {
        close();
        return;
      }
      const m = TAG.exec(tag);
      if (!m) throw new CorpusFormatError(`line ${i + 1}`, `unknown tag ${JSON.stringify(tag.slice(0, 40))}`);
      const [, prefix, type] = m;
      // continue the open span on I-/E-/L- of the same type; anything else starts a new one (IOB1-compatible)
      const continues = open !== null && open.type === type && (prefix === 'I' || prefix === 'E' || prefix === 'L');
      if (continues) open!.end = text.length;
      else {
        close();
        open = { start, end: text.length, type };
      }
      if (prefix === 'E' || prefix === 'L' || prefix === 'S' || prefix === 'U') close();
    });
    finishDocument();
    return { format: 'conll', documents: documents.map((d) => ({ ...d, text: d.text.replace(/\n$/, '') })) };
  },
};
