import { execFile, spawn } from 'node:child_process';
import { createReadStream, constants as fsConstants } from 'node:fs';
import { type FileHandle, lstat, open, rename, rm, stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { pgDumpMigrations, pgDumpSections } from './pg-dump-data.js';
import {
  lines,
  RestoreError,
  type SnapshotManifest,
  type SnapshotOptions,
  writeSnapshot,
} from './snapshot.js';
import {
  type LoadedTable,
  type RestoreOptions,
  restoreInto,
  restoreSnapshot,
} from './snapshot-restore.js';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): a snapshot
 * file of the whole database, made while the app runs. pg_dump's custom format when a pg_dump at
 * least as new as the server is installed, else the built-in format of snapshot.ts, gzipped.
 * Restore tells them apart by their first bytes.
 *
 * A restore runs no SQL from the file, whatever its format (issue 36 §7): the connection is often
 * a superuser's (always on the embedded cluster), whose `COPY ... TO PROGRAM` runs shell commands
 * and whose functions in C or an untrusted language run inside the server; and a dump's schema
 * could leave behind triggers the app, a superuser too, would run later. So the schema is
 * SwapMarket's own migrations and the file gives rows only: a pg_dump file is read through
 * `pg_restore --data-only --file=-` (text, no database), whose COPY sections pg-dump-data.ts
 * accepts and nothing else; snapshot.ts loads either format in one transaction.
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
  /** Built-in format only. */
  manifest?: SnapshotManifest;
  /** The tables loaded, with their rows. */
  tables: LoadedTable[];
};

/**
 * pg_restore printing the table data of a pg_dump file as text (`--file=-`, no database): the
 * lines of its output, and `finished`, which rejects unless it read the whole file.
 */
function pgRestoreText(file: string, args: string[]) {
  const child = spawn('pg_restore', ['--data-only', '--file=-', ...args, file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 64 * 1024) stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  exited.catch(() => {});
  // Read from now on: a child's output nobody listens to is thrown away when it exits.
  const output = child.stdout.pipe(new PassThrough());
  return {
    reader: lines(output),
    async finished() {
      const code = await exited.catch((error: Error) => {
        stderr ||= error.message;
        return -1;
      });
      if (code !== 0) {
        const why = stderr.trim() || `exit ${code}`;
        const hint = /unsupported version/.test(why)
          ? 'A pg_dump file needs a pg_restore at least as new as the pg_dump that made it.'
          : 'The file is damaged or truncated.';
        throw new RestoreError(
          `pg_restore could not read ${file} (${why}). ${hint} Nothing was restored.`,
        );
      }
    },
    stop() {
      output.destroy();
      child.stdout.destroy();
      if (child.exitCode === null) child.kill();
    },
  };
}

/**
 * Restores `file` into the empty database at `url`. The schema is left at the backup's
 * migration: the caller runs this code's migrations afterwards (the app would at start anyway).
 *
 * Either format gives only rows: the schema is SwapMarket's own migrations, and no SQL from the
 * file runs (a pg_dump file is read through pg_restore's text output, server/db/pg-dump-data.ts).
 */
export async function restoreFromFile(
  url: string,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const started = Date.now();
  const format = await fileFormat(file);
  if (format === 'pg_dump') {
    if (!(await toolMajor('pg_restore'))) {
      throw new RestoreError(
        `${file} was made by pg_dump; restoring it needs pg_restore of the same or a newer version.`,
      );
    }
    // The schema to rebuild first, from drizzle's record alone; then every table's rows.
    const record = pgRestoreText(file, ['--schema=drizzle', '--table=__drizzle_migrations']);
    const migrations = await pgDumpMigrations(record.reader, record.finished).finally(record.stop);
    return withClient(url, async (client) => {
      const text = pgRestoreText(file, []);
      try {
        const sections = pgDumpSections(text.reader, text.finished);
        const tables = await restoreInto(client, text.reader, { migrations, ...sections }, options);
        return { format, tables, ms: Date.now() - started };
      } finally {
        text.stop();
      }
    });
  }
  return withClient(url, async (client) => {
    const input = createGunzip();
    // A read error or a truncated file surfaces through `input`, where the restore reads.
    pipeline(createReadStream(file), input).catch(() => {});
    try {
      const manifest = await restoreSnapshot(client, input, options);
      const tables = manifest.tables.map(({ schema, name, rows }) => ({ schema, name, rows }));
      return { format, manifest, tables, ms: Date.now() - started };
    } finally {
      input.destroy();
    }
  });
}

export { RestoreError };
