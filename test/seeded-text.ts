import { SeededRandom } from '../src/learn/random.js';

/** A seeded generator of numbers in [0, 1), so that a failure can be replayed. */
export function generator(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

/** One to `maxParts` of `pieces`, drawn with `next` and joined: random text from chosen parts. */
export function piecesText(next: () => number, pieces: readonly string[], maxParts: number): string {
  let s = '';
  const parts = 1 + Math.floor(next() * maxParts);
  for (let k = 0; k < parts; k++) s += pieces[Math.floor(next() * pieces.length)];
  return s;
}
