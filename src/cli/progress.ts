import cliProgress from 'cli-progress';
import type { Writable } from 'node:stream';

/** Progress on stderr: a bar when stderr is a terminal, nothing otherwise (so logs and pipes stay clean). */
export interface Progress {
  /** Advance by `units` (bytes or documents, as created). */
  tick(units: number): void;
  stop(): void;
}

export interface ProgressOptions {
  enabled: boolean;
  stream: Writable & { isTTY?: boolean };
  /** Known total (bytes of a JSONL file, number of files); undefined for stdin. */
  total?: number;
  unit: 'bytes' | 'documents';
}

const NO_PROGRESS: Progress = { tick() {}, stop() {} };

export function createProgress(options: ProgressOptions): Progress {
  if (!options.enabled || !options.stream.isTTY) return NO_PROGRESS;
  const known = options.total !== undefined && options.total > 0;
  const format = known
    ? options.unit === 'bytes'
      ? 'splice |{bar}| {percentage}% | {docs} documents | ETA {eta_formatted}'
      : 'splice |{bar}| {value}/{total} documents | ETA {eta_formatted}'
    : 'splice | {docs} documents';
  const bar = new cliProgress.SingleBar(
    { stream: options.stream as NodeJS.WritableStream, format, hideCursor: true, clearOnComplete: true, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  let docs = 0;
  bar.start(known ? options.total! : 0, 0, { docs });
  return {
    tick(units) {
      docs++;
      bar.increment(known ? units : 0, { docs });
    },
    stop() {
      bar.stop();
    },
  };
}
