import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseLine } from '../cli/batch.js';
import { readRawLines } from '../cli/line-reader.js';

/**
 * Cuts JSON Lines input into shards: the unit of work on the queue. Each
 * non-blank line becomes a document with a sequence number (its position in
 * the run); a shard holds up to `shardSize` consecutive documents and at most
 * SHARD_TEXT_BYTES of text (at least one document). The cut depends only on
 * the input, so submitting the same input again yields the same shards with
 * the same numbers (that is how an interrupted submission resumes).
 *
 * Lines that cannot be documents (bad JSON, no string "text", over-size,
 * binary, invalid UTF-8) travel as rejected documents without their text, so
 * that the worker writes their error line and the output keeps one line per
 * input line.
 */

/** A document as stored in a job: short keys, since Redis holds many of them. */
export interface ShardDoc {
  /** Sequence number in the run. */
  s: number;
  /** 1-based line number in its input file. */
  l: number;
  /** The id from the input (string or number), else null. */
  i: string | number | null;
  /** The text (absent when rejected). */
  t?: string;
  /** Why the line was rejected (absent when it is a document). */
  r?: string;
  /** The input file's name, when the run has several inputs. */
  f?: string;
}

export interface Shard {
  index: number;
  docs: ShardDoc[];
}

export interface ShardInput {
  /** Name shown in error lines when there are several inputs. */
  name: string;
  stream: Readable;
}

/** Text bytes that close a shard early (keeps each job's data small in Redis). */
export const SHARD_TEXT_BYTES = 4 * 1024 * 1024;

/** Raw lines longer than this many times --max-bytes are rejected unread (as in batch mode). */
const LINE_SLACK_FACTOR = 2;
const LINE_SLACK_BYTES = 64 * 1024;

export interface ShardReader {
  shards: AsyncGenerator<Shard>;
  /** sha256 of every input byte (inputs separated), complete once `shards` is exhausted. */
  digest(): string;
  /** Documents read so far. */
  documents(): number;
}

export function readShards(inputs: readonly ShardInput[], shardSize: number, maxBytes: number): ShardReader {
  const hash = createHash('sha256');
  let seq = 0;
  let finished: string | undefined;

  async function* shards(): AsyncGenerator<Shard> {
    const maxLineBytes = maxBytes * LINE_SLACK_FACTOR + LINE_SLACK_BYTES;
    let index = 0;
    let docs: ShardDoc[] = [];
    let bytes = 0;
    for (let n = 0; n < inputs.length; n++) {
      const input = inputs[n];
      hash.update(`\0input ${n}\0`);
      for await (const raw of readRawLines(Readable.from(tap(input.stream, hash)), maxLineBytes)) {
        const item = parseLine(raw.number, raw.bytes, raw.length, maxBytes);
        if (!item) continue;
        const doc: ShardDoc = { s: seq++, l: item.line, i: item.id };
        if ('text' in item) doc.t = item.text;
        else doc.r = item.rejected;
        if (inputs.length > 1) doc.f = input.name;
        docs.push(doc);
        bytes += doc.t ? Buffer.byteLength(doc.t, 'utf8') : 0;
        if (docs.length >= shardSize || bytes >= SHARD_TEXT_BYTES) {
          yield { index: index++, docs };
          docs = [];
          bytes = 0;
        }
      }
    }
    if (docs.length > 0) yield { index: index++, docs };
    finished = hash.digest('hex');
  }

  return {
    shards: shards(),
    digest() {
      if (finished === undefined) throw new Error('input not read to the end');
      return finished;
    },
    documents: () => seq,
  };
}

/** sha256 of the inputs as readShards computes it, without cutting shards (to compare a re-submission). */
export async function hashInputs(inputs: readonly ShardInput[]): Promise<string> {
  const hash = createHash('sha256');
  for (let n = 0; n < inputs.length; n++) {
    hash.update(`\0input ${n}\0`);
    for await (const chunk of inputs[n].stream) hash.update(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return hash.digest('hex');
}

async function* tap(stream: Readable, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(buf);
    yield buf;
  }
}

/** The job id of shard `index` (not a bare number: BullMQ reserves those). */
export function shardJobId(index: number): string {
  return `shard-${index}`;
}
