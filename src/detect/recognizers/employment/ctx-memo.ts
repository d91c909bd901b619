import type { DetectionContext } from '../../context.js';

/**
 * A value computed once per document context, kept for the two contexts most
 * recently seen (the analyzer runs every recognizer on one context before the
 * next; the evasion pass nests one more). A WeakMap did this before: its
 * `set` on each new context (a hash for the key, an ephemeron entry for the
 * collector) cost more than a whole tiny document's work here. A context that
 * falls out of the two slots is only computed again: the same answer.
 * At most two contexts stay reachable from here until newer ones replace them.
 */
export class ContextMemo<T> {
  private key0: DetectionContext | undefined;
  private value0: T | undefined;
  private key1: DetectionContext | undefined;
  private value1: T | undefined;

  get(ctx: DetectionContext): T | undefined {
    if (ctx === this.key0) return this.value0;
    if (ctx === this.key1) {
      // Most recent first.
      const value = this.value1;
      this.key1 = this.key0;
      this.value1 = this.value0;
      this.key0 = ctx;
      this.value0 = value;
      return value;
    }
    return undefined;
  }

  set(ctx: DetectionContext, value: T): void {
    if (ctx !== this.key0) {
      this.key1 = this.key0;
      this.value1 = this.value0;
      this.key0 = ctx;
    }
    this.value0 = value;
  }
}
