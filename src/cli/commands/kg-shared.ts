import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Gazetteer, type MatchMode } from '../../kg/gazetteer.js';
import { loadKnowledgeGraph, type KnowledgeGraph } from '../../kg/graph.js';
import { InvertedIndex } from '../../kg/inverted-index.js';
import { readDocuments, ReidInputError, type ReidDocument } from '../../reid/profiles.js';
import { CliError, ExitCode, InputError, UsageError } from '../errors.js';
import { fsReason } from '../input.js';
import { parseInteger } from '../options.js';
import { createReadStream } from 'node:fs';
import type { CliContext } from '../program.js';

/** Options shared by the `splice kg` commands that mask. */
export interface KgMaskCliOptions {
  kg: string;
  k: string;
  maxArity: string;
  choice: string;
  seed: string;
  maxCombinations: string;
  matches: string;
  output?: string;
}

/** Bad graph or document files are input errors (exit 3); messages name file and line, never content. */
export async function asInput<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof ReidInputError) throw new InputError(err.message);
    throw err;
  }
}

export interface LoadedGraph {
  graph: KnowledgeGraph;
  index: InvertedIndex;
  gazetteer: Gazetteer;
  seconds: number;
}

export async function loadGraph(path: string): Promise<LoadedGraph> {
  const t0 = performance.now();
  const graph = await asInput(() => loadKnowledgeGraph(path));
  const index = InvertedIndex.build(graph);
  const gazetteer = new Gazetteer(index.keys);
  return { graph, index, gazetteer, seconds: (performance.now() - t0) / 1000 };
}

/** Documents {"id","text","profile"?} from a JSONL file or stdin ('-'). */
export async function loadKgDocuments(source: string, context: CliContext): Promise<ReidDocument[]> {
  return asInput(() => readDocuments(source === '-' ? context.io.stdin : createReadStream(source), source === '-' ? '<stdin>' : source));
}

export async function openOutput(path: string | undefined, context: CliContext): Promise<Writable> {
  if (!path) return context.io.stdout;
  try {
    return (await open(path, 'w')).createWriteStream();
  } catch (err) {
    throw new CliError(`${path}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
  }
}

export function parseChoice(value: string): 'greedy' | 'random' {
  if (value !== 'greedy' && value !== 'random') throw new UsageError(`invalid --choice "${value}" (greedy, random)`);
  return value;
}

export function parseMatches(value: string): MatchMode {
  if (value !== 'all' && value !== 'longest') throw new UsageError(`invalid --matches "${value}" (all, longest)`);
  return value;
}

export function maskSettings(opts: KgMaskCliOptions) {
  return {
    matches: parseMatches(opts.matches),
    k: parseInteger('--k', opts.k, 1, 1_000_000),
    maxArity: parseInteger('--max-arity', opts.maxArity, 1, 8),
    choice: parseChoice(opts.choice),
    seed: parseInteger('--seed', opts.seed, 0, 999_999_999),
    maxCombinations: parseInteger('--max-combinations', opts.maxCombinations, 1, 999_999_999),
  };
}
