/**
 * Memory on one very large document: builds an invented document of about N MB (bench/corpus.ts
 * syntheticCorpus joined by blank lines: dense invented PII, never corpus text), writes it to a
 * temporary file and runs the built CLI `splice redact` on it as a child process. Prints the
 * child's peak resident memory and processor time (read in the child itself, at exit, through a
 * preloaded module: no external tool needed) and a SHA-256 of the redacted output, so that two
 * builds can be checked to redact alike.
 *
 * Usage: npx tsc -p tsconfig.json && node dist/bench/large-document.js [--mb 50] [--args "--policy …"] [--keep]
 *   --mb     size of the document in MB (default 50)
 *   --args   further options for `splice redact` (split on spaces)
 *   --keep   keep the temporary document (its path is printed)
 * Exits 1 when the child fails.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticCorpus } from './corpus.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const mb = Number(option('--mb') ?? 50);
if (!(mb > 0)) throw new Error('--mb: a positive number of MB');
const extra = option('--args')?.split(' ').filter(Boolean) ?? [];

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli', 'index.js');
const dir = mkdtempSync(join(tmpdir(), 'splice-large-'));
const file = join(dir, 'document.txt');
{
  const text = syntheticCorpus(mb * 1024 * 1024).join('\n\n');
  writeFileSync(file, text);
}
const bytes = statSync(file).size;
console.log(`document: ${(bytes / 1024 / 1024).toFixed(1)} MB of invented text${args.includes('--keep') ? ` (${file})` : ''}`);

// Preloaded into the child: its own peak RSS and processor time, written to stderr at exit.
const probe = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\n@@probe "+JSON.stringify({maxRSS:u.maxRSS,cpu:(u.userCPUTime+u.systemCPUTime)/1e6})+"\\n")})`;
const maxBytes = `${Math.ceil(bytes / 1024 / 1024) + 10}MB`;
const started = performance.now();
const child = spawn(process.execPath, ['--import', probe, cli, 'redact', '--max-bytes', maxBytes, ...extra, file], { stdio: ['ignore', 'pipe', 'pipe'] });
const hash = createHash('sha256');
let outBytes = 0;
child.stdout.on('data', (chunk: Buffer) => {
  hash.update(chunk);
  outBytes += chunk.length;
});
let stderr = '';
child.stderr.on('data', (chunk: Buffer) => {
  stderr += chunk.toString('utf8');
  if (stderr.length > 1_000_000) stderr = stderr.slice(-100_000);
});
const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
const wall = (performance.now() - started) / 1000;
if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
const probeLine = /@@probe (\{.*\})/.exec(stderr);
const measured = probeLine ? (JSON.parse(probeLine[1]) as { maxRSS: number; cpu: number }) : undefined;
if (code !== 0) {
  // The CLI's own messages never quote the document; the last lines say why it failed.
  console.error(stderr.replace(/\n?@@probe .*\n?/, '').split('\n').slice(-5).join('\n'));
  console.error(`splice redact exited with ${code}`);
  process.exit(1);
}
console.log(`splice redact: exit ${code}, ${(outBytes / 1024 / 1024).toFixed(1)} MB out, sha256 ${hash.digest('hex').slice(0, 16)}`);
if (measured) console.log(`peak resident memory ${(measured.maxRSS / 1024).toFixed(0)} MB, processor time ${measured.cpu.toFixed(1)} s, wall ${wall.toFixed(1)} s`);
