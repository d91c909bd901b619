import type { Redis } from 'ioredis';
import type { EngineCliOptions } from '../cli/options.js';
import type { Mode } from '../cli/processor.js';

/**
 * Splice's own keys for a run, beside BullMQ's (which hold the jobs):
 *
 *   <prefix>:~runs                    set of run names
 *   <prefix>:<run>:splice:meta        hash: settings, state, totals, input hash
 *   <prefix>:<run>:splice:results     hash: document sequence number -> output line
 *
 * A document's sequence number is its position in the run (0-based, blank
 * lines skipped); the output line carries its id. Results are written with
 * HSET keyed by that number, so a shard processed twice (a retry, a worker
 * that lost its lock, a replay after Redis restarted) writes the same fields
 * again and can never produce a second line for a document.
 */

/** How a run is processed: fixed at its first submission, the same for every worker. */
export interface RunSettings {
  mode: Mode;
  /** Engine and redaction options as given on the command line, secrets left out. */
  options: EngineCliOptions;
  shardSize: number;
  maxBytes: number;
  attempts: number;
  backoffMs: number;
}

export type RunState = 'submitting' | 'submitted';

export interface RunMeta {
  settings: RunSettings;
  state: RunState;
  /** Known once the submission finished. */
  documents?: number;
  shards?: number;
  /** sha256 of the submitted input (files in order), known once the submission finished. */
  inputHash?: string;
  /** Input paths as given (absolute), '-' for standard input. */
  inputs: string[];
  createdAt: number;
  submittedAt?: number;
}

/** A stored result: its kind, then the output line (JSON, no newline). */
export type ResultKind = 'ok' | 'input-error';
const KIND_CHAR: Record<ResultKind, string> = { ok: 'o', 'input-error': 'i' };

export function encodeResult(kind: ResultKind, line: string): string {
  return KIND_CHAR[kind] + line;
}

export function decodeResult(value: string): { kind: ResultKind; line: string } {
  return { kind: value[0] === 'i' ? 'input-error' : 'ok', line: value.slice(1) };
}

export function runsKey(prefix: string): string {
  return `${prefix}:~runs`;
}

export class RunStore {
  readonly metaKey: string;
  readonly resultsKey: string;

  constructor(
    readonly redis: Redis,
    readonly prefix: string,
    readonly run: string,
  ) {
    this.metaKey = `${prefix}:${run}:splice:meta`;
    this.resultsKey = `${prefix}:${run}:splice:results`;
  }

  async readMeta(): Promise<RunMeta | undefined> {
    const raw = await this.redis.hgetall(this.metaKey);
    if (!raw.settings) return undefined;
    return {
      settings: JSON.parse(raw.settings) as RunSettings,
      state: raw.state === 'submitted' ? 'submitted' : 'submitting',
      documents: raw.documents === undefined ? undefined : Number(raw.documents),
      shards: raw.shards === undefined ? undefined : Number(raw.shards),
      inputHash: raw.inputHash,
      inputs: raw.inputs ? (JSON.parse(raw.inputs) as string[]) : [],
      createdAt: Number(raw.createdAt ?? 0),
      submittedAt: raw.submittedAt === undefined ? undefined : Number(raw.submittedAt),
    };
  }

  /** Create the run unless it exists; true when this call created it. */
  async createMeta(settings: RunSettings, inputs: string[]): Promise<boolean> {
    const created = await this.redis.hsetnx(this.metaKey, 'settings', JSON.stringify(settings));
    if (created !== 1) return false;
    await this.redis
      .multi()
      .hset(this.metaKey, { state: 'submitting', inputs: JSON.stringify(inputs), createdAt: String(Date.now()) })
      .sadd(runsKey(this.prefix), this.run)
      .exec();
    return true;
  }

  async markSubmitted(documents: number, shards: number, inputHash: string): Promise<void> {
    await this.redis.hset(this.metaKey, {
      state: 'submitted',
      documents: String(documents),
      shards: String(shards),
      inputHash,
      submittedAt: String(Date.now()),
    });
  }

  /** Write results (sequence number -> encoded result); the same field written twice keeps one value. */
  async writeResults(results: ReadonlyMap<number, string>): Promise<void> {
    if (results.size === 0) return;
    const fields: Record<string, string> = {};
    for (const [seq, value] of results) fields[String(seq)] = value;
    await this.redis.hset(this.resultsKey, fields);
  }

  /** Which of these documents already have a result. */
  async hasResults(seqs: readonly number[]): Promise<boolean[]> {
    if (seqs.length === 0) return [];
    const values = await this.redis.hmget(this.resultsKey, ...seqs.map(String));
    return values.map((v) => v !== null);
  }

  async readResults(seqs: readonly number[]): Promise<Array<string | null>> {
    if (seqs.length === 0) return [];
    return this.redis.hmget(this.resultsKey, ...seqs.map(String));
  }

  async countResults(): Promise<number> {
    return this.redis.hlen(this.resultsKey);
  }

  /** Remove Splice's keys of the run (BullMQ's are removed by Queue.obliterate). */
  async remove(): Promise<void> {
    await this.redis.multi().del(this.metaKey, this.resultsKey).srem(runsKey(this.prefix), this.run).exec();
  }
}

export async function listRuns(redis: Redis, prefix: string): Promise<string[]> {
  return (await redis.smembers(runsKey(prefix))).sort();
}
