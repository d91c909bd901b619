import { contextSlot, type DetectionContext } from '../../context.js';

/**
 * A value computed once per document context and kept on the context itself (a slot of
 * DetectionContext): found again however many documents the analyzer visits in between (it
 * runs each recognizer over a whole group of documents, analyzeManySync), and gone with the
 * context. A WeakMap did this first: its `set` on each new context (a hash for the key, an
 * ephemeron entry for the collector) cost more than a whole tiny document's work here.
 */
export class ContextMemo<T> {
  private readonly slot = contextSlot();

  get(ctx: DetectionContext): T | undefined {
    return ctx.slotValue(this.slot) as T | undefined;
  }

  set(ctx: DetectionContext, value: T): void {
    ctx.setSlot(this.slot, value);
  }
}
