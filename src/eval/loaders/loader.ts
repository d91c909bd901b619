import type { GoldCorpus } from '../types.js';

export interface LoadOptions {
  /** TAB: which annotator's annotations are the gold (default: the first one of each document). */
  annotator?: string;
}

/** One gold-corpus format. Every loader returns the same GoldCorpus shape. */
export interface CorpusLoader {
  readonly format: string;
  /** Whether a file looks like this format, from its name and its first characters. */
  sniff(path: string, head: string): boolean;
  load(content: string, options: LoadOptions): GoldCorpus;
}

/** Errors name the line or document, never the text (the corpus is PII). */
export class CorpusFormatError extends Error {
  constructor(where: string, problem: string) {
    super(`${where}: ${problem}`);
    this.name = 'CorpusFormatError';
  }
}
