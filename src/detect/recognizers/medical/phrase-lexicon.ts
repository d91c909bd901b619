import type { DetectionContext } from '../../context.js';
import { gapIsChar, isSpaceGapAt, type Token } from '../employment/tokens.js';
import { WordSet } from '../employment/word-ids.js';

/**
 * A lexicon of multi-word phrases matched token by token (case-insensitively),
 * longest phrase first. Lookup cost is one Map access per token.
 */
export class PhraseLexicon<T> {
  private readonly byFirst = new Map<string, Array<{ words: string[]; value: T }>>();
  private firstIds: WordSet | undefined;

  add(phrase: string, value: T): void {
    const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    const list = this.byFirst.get(words[0]);
    if (!list) {
      this.byFirst.set(words[0], [{ words, value }]);
    } else {
      // Longest first, and in the order added among phrases of one length (what a stable sort after each push gave).
      let at = list.length;
      while (at > 0 && list[at - 1].words.length < words.length) at--;
      list.splice(at, 0, { words, value });
    }
    this.firstIds = undefined;
  }

  /**
   * The words that start a phrase, by word id (word-ids.ts): `firstWordSet().hasId(ids[i])`
   * is `has(tokens[i].lower)`. Take it before `tokenIds(ctx)`: building it registers the words.
   */
  firstWordSet(): WordSet {
    this.firstIds ??= new WordSet(this.byFirst.keys());
    return this.firstIds;
  }

  has(word: string): boolean {
    return this.byFirst.has(word);
  }

  /** The words that start a phrase. */
  firstWords(): IterableIterator<string> {
    return this.byFirst.keys();
  }

  /** Longest phrase starting at token i: its last token index and value. */
  matchAt(ctx: DetectionContext, tokens: readonly Token[], i: number): { last: number; value: T } | undefined {
    const options = this.byFirst.get(tokens[i].lower);
    if (!options) return undefined;
    const text = ctx.text;
    for (const option of options) {
      let ok = true;
      for (let k = 1; k < option.words.length; k++) {
        const t = tokens[i + k];
        if (!t || t.lower !== option.words[k]) {
          ok = false;
          break;
        }
        // Words joined by spaces, "/" or "-".
        const from = tokens[i + k - 1].end;
        if (!(isSpaceGapAt(text, from, t.start) || gapIsChar(text, from, t.start, 47) || gapIsChar(text, from, t.start, 45))) {
          ok = false;
          break;
        }
      }
      if (ok) return { last: i + option.words.length - 1, value: option.value };
    }
    return undefined;
  }
}
