/**
 * Load benchmark of `splice serve`: N concurrent clients (default 100) send
 * invented notes to POST /v1/redact for S seconds (default 60) over kept-alive
 * connections on 127.0.0.1; then a request without the token (expects 401) and
 * a 20 MB body (expects 413). Prints the status counts, throughput and latency
 * percentiles; exits 1 on any error (a non-200 answer, a failed connection).
 * The server runs in its own process, as a user runs it.
 *
 * Usage: node --import tsx bench/serve-load.ts [--seconds 60] [--clients 100] [--jobs N]
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { sendOversized } from './http-oversized.js';
import { randomBytes } from 'node:crypto';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const seconds = arg('--seconds', 60);
const clients = arg('--clients', 100);
const jobs = args.includes('--jobs') ? String(arg('--jobs', 2)) : undefined;

const NOTES = [
  'Patient Ysolde Brannigan (DOB 04/11/1967) was reviewed by Dr. Kasimir Obi at Westbrook Clinic. Call 0161 496 0418 with results.',
  'Please refund order 55-1902 to Mr. Teodor Lindqvist, 27 Harrow Mews, Bristol BS6 7QD; email teodor.l@example.net.',
  'Chat: hey its Marisol, my number changed to +44 7700 900312, meet at Granary Square after the Leeds half marathon?',
  'The claimant, Ms. Aurelie Vantongeren, a 44-year-old nurse from Dundee, has type 1 diabetes and a scar above her left eye.',
];

const here = fileURLToPath(import.meta.url);
const fromDist = extname(here) === '.js';
const root = join(here, fromDist ? '../../..' : '../..');
const cli = fromDist ? [join(root, 'dist/src/cli/index.js')] : ['--import', 'tsx', join(root, 'src/cli/index.ts')];
const token = randomBytes(24).toString('hex');

const server = spawn(process.execPath, [...cli, 'serve', '--port', '0', '--db', ':memory:', '--log-level', 'warn', ...(jobs ? ['--jobs', jobs] : [])], {
  cwd: root,
  env: { ...process.env, SPLICE_API_TOKEN: token },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErr = '';
server.stderr!.on('data', (c: Buffer) => (serverErr += c.toString()));
const base = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the server did not start:\n${serverErr}`)), 180_000);
  server.stderr!.on('data', () => {
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(serverErr);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
  server.on('exit', () => reject(new Error(`the server exited:\n${serverErr}`)));
});
const url = new URL(base);

const agent = new Agent({ keepAlive: true, maxSockets: clients });
function post(path: string, body: string, auth = true, timeoutMs = 120_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    if (auth) headers.authorization = `Bearer ${token}`;
    const req = request({ host: url.hostname, port: url.port, path, method: 'POST', agent, headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

const latencies: number[] = [];
const statuses = new Map<string, number>();
const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
const deadline = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    let i = c;
    while (performance.now() < deadline) {
      const body = JSON.stringify({ id: `c${c}-${i}`, text: NOTES[i++ % NOTES.length] });
      const t = performance.now();
      try {
        const status = await post('/v1/redact', body);
        latencies.push(performance.now() - t);
        count(String(status));
      } catch (err) {
        count(`error ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
    }
  }),
);
const wall = (performance.now() - started) / 1000;

const unauthorized = await post('/v1/redact', JSON.stringify({ text: NOTES[0] }), false);
const oversized = await sendOversized(base, '/v1/redact', Buffer.from(JSON.stringify({ text: 'x'.repeat(20 * 1000 * 1000) })), token);
const healthAfter = await new Promise<number>((resolve, reject) => {
  request({ host: url.hostname, port: url.port, path: '/healthz', agent }, (res) => {
    res.resume();
    resolve(res.statusCode ?? 0);
  })
    .on('error', reject)
    .end();
});

server.kill('SIGTERM');
const exitCode = await new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
agent.destroy();

latencies.sort((a, b) => a - b);
const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
const ok = statuses.get('200') ?? 0;
const errors = [...statuses.entries()].filter(([k]) => k !== '200').reduce((s, [, n]) => s + n, 0);
console.log(`splice serve under load: ${clients} clients, ${seconds} s, POST /v1/redact (${NOTES.length} invented notes of ${Math.min(...NOTES.map((n) => n.length))}–${Math.max(...NOTES.map((n) => n.length))} characters)`);
console.log(`  requests: ${ok + errors}; 200: ${ok}; errors: ${errors}${errors ? ` (${[...statuses.entries()].filter(([k]) => k !== '200').map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`);
console.log(`  throughput: ${(ok / wall).toFixed(1)} requests/s over ${wall.toFixed(1)} s`);
console.log(`  latency ms: p50 ${pct(50).toFixed(0)}, p90 ${pct(90).toFixed(0)}, p95 ${pct(95).toFixed(0)}, p99 ${pct(99).toFixed(0)}, max ${(latencies[latencies.length - 1] ?? NaN).toFixed(0)}`);
console.log(`  without the token: ${unauthorized} (expected 401); 20 MB body: ${oversized} (expected 413); /healthz after: ${healthAfter}; server exit on SIGTERM: ${exitCode}`);
const failed = errors > 0 || unauthorized !== 401 || oversized !== 413 || healthAfter !== 200 || exitCode !== 0;
process.exitCode = failed ? 1 : 0;
