import { open } from 'node:fs/promises';
import { ReidInputError, loadProfiles, type Profile } from '../reid/profiles.js';
import { loadTriples, profilesFromTriples } from './triples.js';

/**
 * A knowledge graph as Splice reads it: individuals, each with attribute
 * values. Two file formats (JSON Lines), told apart by their first line:
 *
 *   profiles  {"id": "p1", "attributes": {"name": "Ada Vell", "occupation": ["baker"]}}
 *             (the format of the re-identification tools, read by src/reid/profiles.ts)
 *   triples   {"s": "p1", "p": "name", "o": "Ada Vell"}   (triples.ts)
 */
export interface KnowledgeGraph {
  /** Individual ids, in file order; an individual's number is its index here. */
  ids: string[];
  profiles: Profile[];
}

export type GraphFormat = 'profiles' | 'triples';

export function graphFromProfiles(profiles: Profile[]): KnowledgeGraph {
  return { ids: profiles.map((p) => p.id), profiles };
}

/** The format of a graph file, from its first non-blank line. */
export async function sniffGraphFormat(path: string): Promise<GraphFormat> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new ReidInputError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'cannot read', path);
  }
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8');
    const first = head.split('\n').find((l) => l.trim() !== '') ?? '';
    if (/"attributes"\s*:/.test(first)) return 'profiles';
    if (/"s"\s*:/.test(first) && /"p"\s*:/.test(first) && /"o"\s*:/.test(first)) return 'triples';
    if (first === '') throw new ReidInputError('the knowledge graph is empty', path);
    throw new ReidInputError('line 1: neither a profile {"id", "attributes"} nor a triple {"s", "p", "o"}', path);
  } finally {
    await handle.close();
  }
}

/** Load a knowledge graph file (profiles or triples JSON Lines). */
export async function loadKnowledgeGraph(path: string, format?: GraphFormat): Promise<KnowledgeGraph> {
  const kind = format ?? (await sniffGraphFormat(path));
  const profiles = kind === 'profiles' ? await loadProfiles(path) : profilesFromTriples(await loadTriples(path));
  if (profiles.length === 0) throw new ReidInputError('the knowledge graph has no individuals', path);
  return graphFromProfiles(profiles);
}

