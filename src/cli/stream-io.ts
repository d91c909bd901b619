import type { Readable, Writable } from 'node:stream';

/** The streams a command works with (process streams in the CLI, in-memory streams in tests). */
export interface CliIO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export function processIO(): CliIO {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Write and wait for 'drain' when the stream's buffer is full (back-pressure on output). */
export function writeChunk(stream: Writable, chunk: string): Promise<void> | void {
  if (stream.write(chunk)) return;
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      stream.off('drain', onDrain);
      reject(err);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

/** End a stream we opened and wait until everything is flushed. */
export function endStream(stream: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}
