import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { InputError, UsageError } from '../cli/errors.js';
import { DenseModelError, type DenseOptions } from './dense.js';
import { buildReIdentifiers, MEMBER_NAMES } from './ensemble.js';
import { checkDocumentProfiles, loadDocuments, loadProfiles, readDocuments, ReidInputError, type Profile, type ReidDocument } from './profiles.js';
import type { ReIdentifier } from './scorer.js';

/** What `reid` and `kanon` share on the command line: inputs and the attack's members. */
export interface AttackCliOptions {
  profiles?: string;
  members?: string;
  dense?: string;
  denseVocab?: string;
  denseBuckets?: string;
}

export function addAttackOptions(command: Command): Command {
  return command
    .requiredOption('--profiles <file>', 'profiles, JSON Lines {"id","attributes":{name: value or [values]}}')
    .option('--members <list>', `re-identifiers in the ensemble, comma-separated (${MEMBER_NAMES.join(', ')}; default: all but dense, and dense when --dense is given)`)
    .option('--dense <model.onnx>', 'add the dense re-identifier: a local ONNX text encoder (word ids in, pooled embedding out)')
    .option('--dense-vocab <file>', 'vocabulary of the dense model, one word per line (default: hashed word ids)')
    .option('--dense-buckets <n>', 'hash buckets of the dense model when it has no vocabulary', '4096');
}

export function parsePositiveInt(option: string, value: string, max = 1_000_000_000): number {
  if (!/^[0-9]+$/.test(value.trim())) throw new UsageError(`${option} must be a positive integer`);
  const n = Number(value);
  if (n < 1 || n > max) throw new UsageError(`${option} must be between 1 and ${max}`);
  return n;
}

export function parseIntList(option: string, value: string): number[] {
  const out = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => parsePositiveInt(option, v));
  if (out.length === 0) throw new UsageError(`${option} needs at least one value`);
  return [...new Set(out)].sort((a, b) => a - b);
}

function denseOptions(opts: AttackCliOptions): DenseOptions | undefined {
  if (!opts.dense) {
    if (opts.denseVocab) throw new UsageError('--dense-vocab needs --dense');
    return undefined;
  }
  return { model: opts.dense, vocab: opts.denseVocab, buckets: parsePositiveInt('--dense-buckets', opts.denseBuckets ?? '4096', 1 << 30) };
}

function inputError(err: unknown): never {
  if (err instanceof ReidInputError) throw new InputError(err.message);
  throw err;
}

export async function loadAttackInputs(opts: AttackCliOptions, documentsPath: string, stdin: Readable): Promise<{ profiles: Profile[]; documents: ReidDocument[] }> {
  if (!opts.profiles) throw new UsageError('--profiles is required');
  if (opts.profiles === '-') throw new UsageError('--profiles must name a file (the documents may come from standard input)');
  try {
    const profiles = await loadProfiles(opts.profiles);
    if (profiles.length < 2) throw new InputError(`${opts.profiles}: at least two profiles are needed to rank`);
    const documents = documentsPath === '-' ? await readDocuments(stdin, '<stdin>', { requireProfile: true }) : await loadDocuments(documentsPath, { requireProfile: true });
    checkDocumentProfiles(documents, profiles, documentsPath === '-' ? '<stdin>' : documentsPath);
    return { profiles, documents };
  } catch (err) {
    return inputError(err);
  }
}

export async function buildAttack(opts: AttackCliOptions, profiles: readonly Profile[]): Promise<ReIdentifier[]> {
  const members = opts.members
    ?.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const dense = denseOptions(opts);
  if (members?.includes('dense') && !dense) throw new UsageError('the dense re-identifier needs --dense MODEL.onnx');
  if (members) for (const m of members) if (!(MEMBER_NAMES as readonly string[]).includes(m)) throw new UsageError(`unknown re-identifier "${m}" in --members (${MEMBER_NAMES.join(', ')})`);
  try {
    return await buildReIdentifiers(profiles, { members, dense });
  } catch (err) {
    if (err instanceof DenseModelError) throw new InputError(err.message);
    throw err;
  }
}
