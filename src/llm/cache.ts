import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Label } from '../taxonomy.js';

/**
 * Opt-in local cache of LLM answers. The key is a hash of model, prompt version
 * and chunk text; the entry holds offsets and labels relative to the chunk,
 * never any text, so the cache stores no PII in clear.
 */
export interface CachedElement {
  start: number;
  end: number;
  label: Label;
}

export class LlmCache {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  static key(model: string, promptVersion: string, chunk: string): string {
    return createHash('sha256').update(model).update('\u0000').update(promptVersion).update('\u0000').update(chunk).digest('hex');
  }

  get(key: string): CachedElement[] | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dir, `${key}.json`), 'utf8')) as CachedElement[];
    } catch {
      return undefined;
    }
  }

  set(key: string, elements: CachedElement[]): void {
    const path = join(this.dir, `${key}.json`);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(elements), { mode: 0o600 });
    renameSync(tmp, path);
  }
}
