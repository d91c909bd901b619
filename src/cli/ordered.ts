/**
 * Order-preserving concurrent map with a bounded window: at most `maxItems`
 * items (and `maxWeight` total weight, e.g. bytes of text) are in flight; the
 * source is not pulled further until the oldest one has been emitted. Results
 * are emitted in source order, so memory stays bounded however long the input.
 */
export interface WindowLimits<T> {
  maxItems: number;
  maxWeight: number;
  weight: (item: T) => number;
}

export async function mapOrdered<T, R>(
  source: AsyncIterable<T> | Iterable<T>,
  run: (item: T) => Promise<R>,
  emit: (item: T, result: R) => Promise<void> | void,
  limits: WindowLimits<T>,
): Promise<void> {
  const window: Array<{ item: T; weight: number; result: Promise<R> }> = [];
  let weight = 0;

  const emitOldest = async () => {
    const head = window.shift()!;
    weight -= head.weight;
    await emit(head.item, await head.result);
  };

  for await (const item of source) {
    const w = limits.weight(item);
    // Always admit at least one item, however heavy.
    while (window.length > 0 && (window.length >= limits.maxItems || weight + w > limits.maxWeight)) await emitOldest();
    const result = run(item);
    // Rejections are awaited in order by emitOldest; this keeps them from being reported as unhandled meanwhile.
    result.catch(() => undefined);
    window.push({ item, weight: w, result });
    weight += w;
  }
  while (window.length > 0) await emitOldest();
}
