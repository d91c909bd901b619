import { readFileSync } from 'node:fs';
import type { GoldCorpus } from '../types.js';
import { conllLoader } from './conll.js';
import type { CorpusLoader, LoadOptions } from './loader.js';
import { spliceJsonlLoader } from './splice-jsonl.js';
import { tabLoader } from './tab.js';

export type GoldFormat = 'auto' | 'splice' | 'tab' | 'conll';

/** Sniffing order matters: TAB (a JSON array) before the JSONL and CoNLL guesses. */
export const LOADERS: readonly CorpusLoader[] = [tabLoader, spliceJsonlLoader, conllLoader];

export function loaderFor(format: GoldFormat, path: string, content: string): CorpusLoader {
  if (format !== 'auto') {
    const loader = LOADERS.find((l) => l.format === format);
    if (!loader) throw new Error(`unknown gold format "${format}" (auto | splice | tab | conll)`);
    return loader;
  }
  const head = content.slice(0, 4096);
  const loader = LOADERS.find((l) => l.sniff(path, head));
  if (!loader) throw new Error(`cannot tell the format of ${path}: pass --format splice | tab | conll`);
  return loader;
}

export function parseGold(path: string, content: string, format: GoldFormat = 'auto', options: LoadOptions = {}): GoldCorpus {
  return loaderFor(format, path, content).load(content, options);
}

export function loadGold(path: string, format: GoldFormat = 'auto', options: LoadOptions = {}): GoldCorpus {
  return parseGold(path, readFileSync(path, 'utf8'), format, options);
}

export type { CorpusLoader, LoadOptions };
