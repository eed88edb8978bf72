import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

export type Server = {
  name: string;
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
};

async function waitUntilAnswering(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within 180 s`);
}

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  probe: string,
) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
    ready: () => waitUntilAnswering(probe, child, name),
  };
}

/** The production build, as `npm start` runs it, without abuse limits (one address sends everything). */
/** The app server built in `root` (this checkout by default; ab-lab.mts starts an older build too). */
export async function startApp(
  databaseUrl: string,
  port: number,
  root = '.',
  env: Record<string, string> = {},
  /** Node's options for this server alone (federation-inbound-only.ts profiles the receiver). */
  nodeArgs: string[] = [],
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const app = start(
    'app',
    process.execPath,
    // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app server alone.
    [
      ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...nodeArgs,
      path.resolve(root, 'dist/server/main.js'),
    ],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.resolve('bench/.data/app'),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    `${url}/readyz`,
  );
  await app.ready();
  return { name: 'app', url, process: app.child, stop: app.stop };
}

export async function startFloor(
  databaseUrl: string,
  port: number,
  memberId: string,
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const floor = start(
    'floor',
    process.execPath,
    [
      '--import',
      'tsx',
      path.resolve('scripts/bench/floor.ts'),
      String(port),
      databaseUrl,
      memberId,
    ],
    { NODE_ENV: 'production' },
    `${url}/api/items?limit=1`,
  );
  await floor.ready();
  return { name: 'floor', url, process: floor.child, stop: floor.stop };
}

/** The app's answer to a GET exactly as a client without Accept-Encoding receives it (autocannon's case). */
export function captureAnswer(baseUrl: string, path: string, cookie?: string) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? 'application/octet-stream'),
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The static floor (static-floor.ts) serving `answers`, captured from the app beforehand. */
export async function startStaticFloor(
  port: number,
  answers: Record<string, { status: number; type: string; body: string }>,
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  await mkdir(path.resolve('bench/.data'), { recursive: true });
  const file = path.resolve(`bench/.data/static-answers-${port}.json`);
  await writeFile(file, JSON.stringify(answers));
  const floor = start(
    'static floor',
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/bench/static-floor.ts'), String(port), file],
    { NODE_ENV: 'production' },
    `${url}/`,
  );
  await floor.ready();
  return { name: 'static floor', url, process: floor.child, stop: floor.stop };
}
