/**
 * Writes a tiny ONNX model by hand (protobuf wire format, no dependency): an
 * embedding bag, `input_ids` int64 [batch, seq] → Gather from an embedding
 * table [vocab, dim] → ReduceMean (or ReduceMax, a model that is not linear in
 * its words) over seq → `embedding` float [batch, dim].
 * It is the model contract of the dense re-identifier (dense.ts), used by the
 * tests and by `bench/reid.ts` to build a random-projection model without any
 * download. Opset 13 (ReduceMean takes its axes as an attribute there).
 */

class Writer {
  private readonly parts: Uint8Array[] = [];

  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    const bytes: number[] = [];
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) b |= 0x80;
      bytes.push(b);
    } while (v !== 0n);
    this.parts.push(Uint8Array.from(bytes));
  }

  private key(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  int(field: number, value: number | bigint): this {
    this.key(field, 0);
    this.varint(value);
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    this.key(field, 2);
    this.varint(data.length);
    this.parts.push(data);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, inner: Writer): this {
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const total = this.parts.reduce((a, p) => a + p.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const FLOAT = 1;
const INT64 = 7;
const ATTR_INT = 2;
const ATTR_INTS = 7;

function tensorType(elemType: number, dims: (number | string)[]): Writer {
  const shape = new Writer();
  for (const d of dims) shape.message(1, typeof d === 'number' ? new Writer().int(1, d) : new Writer().string(2, d));
  return new Writer().message(1, new Writer().int(1, elemType).message(2, shape));
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]): Writer {
  return new Writer().string(1, name).message(2, tensorType(elemType, dims));
}

function node(op: string, inputs: string[], outputs: string[], attributes: Writer[] = []): Writer {
  const w = new Writer();
  for (const i of inputs) w.string(1, i);
  for (const o of outputs) w.string(2, o);
  w.string(3, `${op.toLowerCase()}_0`).string(4, op);
  for (const a of attributes) w.message(5, a);
  return w;
}

/**
 * The ONNX bytes of an embedding-bag model with the given table (row-major
 * Float32Array of vocab × dim).
 */
export function embeddingBagModel(table: Float32Array, vocab: number, dim: number, pool: 'mean' | 'max' = 'mean'): Uint8Array {
  if (table.length !== vocab * dim) throw new Error('embedding table size does not match vocab × dim');
  const raw = new Uint8Array(table.buffer.slice(table.byteOffset, table.byteOffset + table.byteLength));
  // Little-endian raw_data is what ONNX expects; typed arrays are little-endian on every supported platform.
  const initializer = new Writer().int(1, vocab).int(1, dim).int(2, FLOAT).string(8, 'table').bytes(9, raw);
  const gather = node('Gather', ['table', 'input_ids'], ['gathered'], [new Writer().string(1, 'axis').int(3, 0).int(20, ATTR_INT)]);
  const mean = node(pool === 'mean' ? 'ReduceMean' : 'ReduceMax', ['gathered'], ['embedding'], [new Writer().string(1, 'axes').int(8, 1).int(20, ATTR_INTS), new Writer().string(1, 'keepdims').int(3, 0).int(20, ATTR_INT)]);
  const graph = new Writer()
    .message(1, gather)
    .message(1, mean)
    .string(2, 'embedding_bag')
    .message(5, initializer)
    .message(11, valueInfo('input_ids', INT64, ['batch', 'seq']))
    .message(12, valueInfo('embedding', FLOAT, ['batch', dim]));
  return new Writer()
    .int(1, 8) // ir_version
    .string(2, 'splice')
    .message(7, graph)
    .message(8, new Writer().string(1, '').int(2, 13))
    .finish();
}

/** A deterministic pseudo-random generator (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random-projection embedding bag (random indexing): each of `buckets`
 * hashed words gets a random ±1/√dim vector, so the cosine of two bags
 * approximates their word overlap. A dense re-identifier that needs no
 * training and no download.
 */
export function randomProjectionModel(buckets: number, dim: number, seed = 1): Uint8Array {
  const rand = mulberry32(seed);
  const table = new Float32Array(buckets * dim);
  const scale = 1 / Math.sqrt(dim);
  for (let i = 0; i < table.length; i++) table[i] = rand() < 0.5 ? -scale : scale;
  return embeddingBagModel(table, buckets, dim);
}
