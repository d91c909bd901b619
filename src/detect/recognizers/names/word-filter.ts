/**
 * A cheap test before the look-up of a word in a small set of words (the last words of cues): per
 * first character, a bit for each length of the set's words that start with it. Most words are
 * ruled out by their first character and length, without hashing them.
 */
export class FirstCharLengths {
  private readonly table = new Uint32Array(128);

  constructor(words: Iterable<string>) {
    for (const w of words) {
      const c = w.charCodeAt(0);
      if (!(c < 128) || w.length >= 32) throw new Error(`FirstCharLengths: "${w}" must start with an ASCII character and be shorter than 32`);
      this.table[c] |= 1 << w.length;
    }
  }

  /** False when `key` is surely none of the words. */
  mayHold(key: string): boolean {
    const c = key.charCodeAt(0);
    return key.length < 32 && c < 128 && (this.table[c] & (1 << key.length)) !== 0;
  }
}
