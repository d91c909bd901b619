import type { Mode } from './processor.js';

/**
 * Documents run together through Pipeline.detectMany / redactMany (each recognizer over the whole
 * group in turn: its tables stay in the processor's caches): at most this many, and at most
 * GROUP_CHARS characters (a longer document runs alone).
 */
export const GROUP_DOCUMENTS = 128;
export const GROUP_CHARS = 64 * 1024;

/** Consecutive requests cut into groups within GROUP_DOCUMENTS and GROUP_CHARS (same mode in each). */
export function groupsOf<T extends { mode: Mode; text: string }>(requests: readonly T[]): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const request of requests) {
    const fits = current.length < GROUP_DOCUMENTS && chars + request.text.length <= GROUP_CHARS && (current.length === 0 || current[0].mode === request.mode);
    if (!fits && current.length > 0) {
      groups.push(current);
      current = [];
      chars = 0;
    }
    current.push(request);
    chars += request.text.length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Documents a worker thread holds at once: the group it is processing and the next group, waiting
 * in the worker, so that it never waits for a round trip through the main thread between two groups.
 */
export const DEPTH = 2 * GROUP_DOCUMENTS;
/** …and at most this many characters (beyond one document): long documents are not piled on one worker while another idles. */
export const DEPTH_CHARS = 2 * GROUP_CHARS;

/**
 * Documents a batch keeps in flight with `jobs` workers: two groups for this thread, or for each
 * worker the DEPTH it holds and one group more waiting in the main thread.
 */
export function batchWindow(jobs: number): number {
  return jobs <= 1 ? 2 * GROUP_DOCUMENTS : jobs * DEPTH + GROUP_DOCUMENTS;
}
