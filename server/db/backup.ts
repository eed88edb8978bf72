import { execFile, spawn } from 'node:child_process';
import { createReadStream, constants as fsConstants } from 'node:fs';
import { type FileHandle, lstat, open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import {
  RestoreError,
  restoreSnapshot,
  type SnapshotManifest,
  type SnapshotOptions,
  writeSnapshot,
} from './snapshot.js';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): a snapshot
 * file of the whole database, made while the app runs. pg_dump's custom format when a pg_dump at
 * least as new as the server is installed, else the built-in format of snapshot.ts, gzipped.
 * Restore tells them apart by their first bytes.
 */

const execFileAsync = promisify(execFile);

export type BackupFormat = 'builtin' | 'pg_dump';

export type BackupResult = {
  format: BackupFormat;
  bytes: number;
  ms: number;
  /** Built-in format only. */
  manifest?: SnapshotManifest;
};

/** Major version of a PostgreSQL client tool on PATH, or undefined when there is none. */
async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number | undefined> {
  try {
    const { stdout } = await execFileAsync(tool, ['--version']);
    const major = /(\d+)(?:\.\d+)?/.exec(stdout)?.[1];
    return major ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

async function serverMajor(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ v: string }>(
    "select current_setting('server_version_num') as v",
  );
  return Math.floor(Number(rows[0]?.v) / 10_000);
}

/** pg_dump refuses a server newer than itself (Debian's 15 against the embedded 18). */
export async function matchingPgDump(client: pg.ClientBase): Promise<boolean> {
  const major = await toolMajor('pg_dump');
  return major !== undefined && major >= (await serverMajor(client));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** libpq takes the password from the environment rather than the command line (ps shows that). */
function libpqArgs(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { env: { ...process.env, PGPASSWORD: password }, dbname: parsed.toString() };
}

/** A backup that could not be written, with a message for the operator. */
export class BackupError extends Error {}

/**
 * Creates `partial` for writing, readable by its owner only (password hashes and private
 * messages) from the first byte. Exclusively: a file or link already there is never truncated,
 * followed or removed (`O_EXCL` does not follow a symbolic link at the last component, and
 * `O_NOFOLLOW` says so twice), so two backups to one FILE cannot write into each other's, nor
 * can a planted link point a backup at another file.
 */
async function createPartial(partial: string, file: string): Promise<FileHandle> {
  const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = fsConstants;
  try {
    return await open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const link = await lstat(partial).then(
      (s) => s.isSymbolicLink(),
      () => false,
    );
    throw new BackupError(
      `${partial} already exists${link ? ' (a symbolic link, which a backup never follows)' : ''}: another backup to ${file} is running, or one was interrupted. Nothing was written. If no backup to ${file} is running, delete ${partial} and run the backup again.`,
    );
  }
}

/** Runs a PostgreSQL client tool, its standard output into `stdout`; rejects with its stderr. */
function runTool(
  tool: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; stdout: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: options.env,
      stdio: ['ignore', options.stdout, 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/**
 * Writes a snapshot of the database at `url` to `file` (through `file.partial`, renamed when
 * complete and on disk, so a failed backup never leaves a file that looks whole). Refuses to
 * start while `file.partial` exists (BackupError).
 */
export async function backupToFile(
  url: string,
  file: string,
  options: SnapshotOptions & { format?: BackupFormat } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const partial = `${file}.partial`;
  const handle = await createPartial(partial, file);
  try {
    const result = await withClient(url, async (client) => {
      const format =
        options.format ?? ((await matchingPgDump(client)) ? 'pg_dump' : ('builtin' as const));
      if (format === 'pg_dump') {
        // Into the file this backup created, not one pg_dump would open by name.
        const { env, dbname } = libpqArgs(url);
        await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', dbname], {
          env,
          stdout: handle.fd,
        });
        await handle.sync();
        return { format };
      }
      const gzip = createGzip({ level: 1 });
      // The stream flushes the file to disk and closes it when the gzip stream ends.
      const written = pipeline(gzip, handle.createWriteStream({ flush: true }));
      try {
        const manifest = await writeSnapshot(client, gzip, options);
        gzip.end();
        await written;
        return { format, manifest };
      } catch (error) {
        // Ends the pipeline, whose stream then lets go of the file (closing it waits for that).
        gzip.destroy();
        await written.catch(() => {});
        throw error;
      }
    });
    await handle.close();
    await rename(partial, file);
    return { ...result, bytes: (await stat(file)).size, ms: Date.now() - started };
  } catch (error) {
    await handle.close().catch(() => {});
    // Only the partial file this backup created: it was there, exclusively, until now.
    await rm(partial, { force: true });
    throw error;
  }
}

async function fileFormat(file: string): Promise<BackupFormat> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'builtin';
  } finally {
    await handle.close();
  }
  throw new RestoreError(`${file} is not a SwapMarket backup (neither gzip nor pg_dump's format).`);
}

export type RestoreResult = {
  format: BackupFormat;
  ms: number;
  manifest?: SnapshotManifest;
};

const EMPTY_CHECK = `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'`;

/**
 * Restores `file` into the empty database at `url`. The schema is left at the snapshot's
 * migration: the caller runs this code's migrations afterwards (the app would at start anyway).
 */
export async function restoreFromFile(
  url: string,
  file: string,
  options: { migrationsFolder?: string } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  const format = await fileFormat(file);
  return withClient(url, async (client) => {
    if (format === 'pg_dump') {
      const { rows } = await client.query<{ n: number }>(EMPTY_CHECK);
      if (rows[0]?.n) {
        throw new RestoreError(
          'The target database is not empty. Restore into an empty one: a new DATA_DIR for the embedded database, or a freshly created database in DATABASE_URL.',
        );
      }
      if (!(await toolMajor('pg_restore'))) {
        throw new RestoreError(
          `${file} was made by pg_dump; restoring it needs pg_restore of the same or a newer version.`,
        );
      }
      const { env, dbname } = libpqArgs(url);
      await execFileAsync(
        'pg_restore',
        [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          `--dbname=${dbname}`,
          file,
        ],
        { env, maxBuffer: 16 << 20 },
      );
      return { format, ms: Date.now() - started };
    }
    const input = createGunzip();
    // A read error or a truncated file surfaces through `input`, where the restore reads.
    pipeline(createReadStream(file), input).catch(() => {});
    try {
      const manifest = await restoreSnapshot(client, input, options);
      return { format, manifest, ms: Date.now() - started };
    } finally {
      input.destroy();
    }
  });
}

export { RestoreError };
