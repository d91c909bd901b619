import { after, before } from 'node:test';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/serve/storage/index.js';
import { storeContract } from './store-contract.js';

/**
 * The review store on PostgreSQL (--database-url): the same contract as the
 * SQLite store, against a throw-away cluster started from Debian's PostgreSQL
 * packages (initdb / pg_ctl) on a Unix socket in a temporary folder, no TCP
 * port. Skipped where no PostgreSQL server binaries are installed.
 */
function findBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

const bin = findBin();
const isRoot = process.getuid?.() === 0;
let postgresUid: number | undefined;
if (isRoot) {
  try {
    postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    postgresUid = undefined;
  }
}
const skip = !bin ? 'no PostgreSQL server binaries (apt-get install postgresql) — the SQL layer is covered by the SQLite store tests' : isRoot && postgresUid === undefined ? 'running as root without a postgres user' : false;

let dir = '';
let url = '';
/** initdb and the server refuse to run as root: run them as the postgres user then. */
const asServer = (file: string, args: string[]) =>
  isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe', timeout: 60_000 }) : execFileSync(file, args, { stdio: 'pipe', timeout: 60_000 });

before(() => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'splice-pg-'));
  const data = join(dir, 'data');
  const socket = join(dir, 'socket');
  mkdirSync(socket);
  if (isRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, postgresUid!, postgresUid!);
    chownSync(socket, postgresUid!, postgresUid!);
  }
  asServer(join(bin!, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'splice', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  asServer(join(bin!, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-c listen_addresses='' -k ${socket} -c fsync=off`, 'start']);
  url = `postgresql://splice@localhost/postgres?host=${encodeURIComponent(socket)}`;
});

after(() => {
  if (skip || !dir) return;
  try {
    asServer(join(bin!, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

storeContract('postgresql', () => openStore({ databaseUrl: url }), { skip });
