import type { DetectionContext } from './context.js';

let slotCount = 0;

/** How many slots the memos use so far (a context makes room for them all at once). */
export function memoSlots(): number {
  return slotCount;
}

/**
 * A value computed once per document and kept on the document's DetectionContext (a numbered
 * slot: an array index, no hashing): found again however many documents the analyzer visits in
 * between (it runs each recognizer over a whole group of documents, analyzeManySync), and gone
 * with the context. A WeakMap did this first: its `set` on each new context (a hash for the key,
 * an ephemeron entry for the collector) cost more than a whole tiny document's work.
 */
export class ContextMemo<T> {
  private readonly slot = slotCount++;

  get(ctx: DetectionContext): T | undefined {
    return ctx.slotValue(this.slot) as T | undefined;
  }

  set(ctx: DetectionContext, value: T): void {
    ctx.setSlot(this.slot, value);
  }
}
