import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Shared by the queue tests: the built CLI run as child processes, Redis
 * servers started by the tests themselves on free loopback ports, and invented
 * documents. Everything listens on and talks to 127.0.0.1 only.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const cli = join(root, 'dist/src/cli/index.js');

/** Build dist/ when a test file runs on its own before `npm test` built it. */
export function ensureBuilt(): void {
  if (!existsSync(cli)) spawnSync('npx', ['tsc', '-p', '.'], { cwd: root, stdio: 'ignore' });
}

export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export const REDIS_SERVER = findOnPath('redis-server');

/**
 * Why the Redis tests cannot run here, or false. With CI=true they always run
 * (and fail without redis-server: .ci/run installs it).
 */
export function redisSkipReason(): string | false {
  if (REDIS_SERVER || process.env.CI === 'true') return false;
  return 'redis-server is not installed (apt-get install redis-server); the queue tests are skipped (with CI=true they run and fail instead)';
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  port: number;
  url: string;
  /** SIGKILL the server (a crash) and wait for it to be gone. */
  kill(): Promise<void>;
  /** Start it again on the same port and data folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free port; `dir` + `aof` keep its data across a crash (append-only file, fsync always). */
export async function startRedis(options: { dir: string; aof: boolean }): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed: apt-get install redis-server (.ci/run does)');
  mkdirSync(options.dir, { recursive: true });
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', options.dir, '--save', '', '--daemonize', 'no', '--protected-mode', 'yes'];
  if (options.aof) args.push('--appendonly', 'yes', '--appendfsync', 'always');
  else args.push('--appendonly', 'no');
  let child: ChildProcess | undefined;
  const launch = async () => {
    const proc = spawn(REDIS_SERVER!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let log = '';
    proc.stdout!.on('data', (d) => (log += String(d)));
    proc.stderr!.on('data', (d) => (log += String(d)));
    const deadline = Date.now() + 20_000;
    while (!/Ready to accept connections/.test(log)) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited: ${log.slice(-500)}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start: ${log.slice(-500)}`);
      await sleep(50);
    }
  };
  const killWith = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await gone;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: () => killWith('SIGKILL'),
    restart: launch,
    stop: () => killWith('SIGTERM'),
  };
}

export interface Spawned {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Start `splice ARGS` in the background. */
export function spawnSplice(args: string[], env: NodeJS.ProcessEnv, input?: string): Spawned {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (err += String(d)));
  child.stdin!.on('error', () => undefined);
  if (input !== undefined) child.stdin!.end(input);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Run `splice ARGS` to the end. */
export async function runSplice(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = spawnSplice(args, env, input ?? '');
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Poll `check` until it returns a value other than undefined, or fail after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

// Invented people and contact details (no real corpus text).
const FIRST = ['Marisol', 'Anders', 'Tamsin', 'Oluwaseun', 'Radka', 'Emeric', 'Yusra', 'Calloway', 'Hedda', 'Ignatius', 'Perpetua', 'Zoltan'];
const LAST = ['Quennell', 'Vasquez-Orrin', 'Thistlewood', 'Abernathy', 'Okonkwo', 'Lindgren', 'Farraday', 'Moravec', 'Penhallow', 'Strand'];

export interface InventedDoc {
  id: string;
  text: string;
  /** The person's full name, for checking that redaction removed it. */
  name: string;
}

/** `n` invented notes, each naming a person with a phone number and an e-mail address. */
export function inventedDocs(n: number, idPrefix = 'doc'): InventedDoc[] {
  const docs: InventedDoc[] = [];
  for (let k = 0; k < n; k++) {
    const first = FIRST[k % FIRST.length];
    const last = LAST[(k * 7) % LAST.length];
    const phone = `(415) 555-${String(1000 + ((k * 37) % 9000)).padStart(4, '0')}`;
    const email = `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}${k}@example.org`;
    const name = `${first} ${last}`;
    docs.push({
      id: `${idPrefix}-${k}`,
      name,
      text: `Follow-up call booked for ${name} on 12 May 2023. Reach them at ${phone} or ${email} before the visit.`,
    });
  }
  return docs;
}

export function toJsonl(docs: readonly { id: string; text: string }[]): string {
  return docs.map((d) => JSON.stringify({ id: d.id, text: d.text })).join('\n') + '\n';
}

/** The output lines of a JSON Lines text, parsed. */
export function parseLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
