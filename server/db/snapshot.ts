import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrationsDir } from '../paths.js';
import { ROW_CHECKS } from './restore-checks.js';

/**
 * The built-in backup format (README, "Running it for real"): what `npm run backup`
 * writes when no pg_dump that matches the server is installed (the embedded PostgreSQL ships
 * none). One REPEATABLE READ READ ONLY transaction sees the whole database as of one instant
 * while the app goes on writing; the stream is
 *
 *   line 1        a JSON manifest: format, version, the schema's migrations, and per table its
 *                 columns and row count, per sequence its value;
 *   then          for every table of the manifest, in its order, the table's `COPY ... TO
 *                 STDOUT` text (one row per line, bytea as hex) ended by a line `\.`.
 *
 * The caller gzips it. Restoring needs an empty database: it runs this code's migrations up to
 * the snapshot's, COPYs every table in (foreign keys and secondary indexes set aside until the
 * data is in, as pg_restore does) as a role that may do nothing else, checks the users and
 * sessions rows (restore-checks.ts), sets sequences past the restored ids and checks every row
 * count, all in one transaction (a failed restore leaves the database empty again). A pg_dump
 * file's rows take the same way in (backup.ts, pg-dump-data.ts): no SQL from a file ever runs.
 */

export const SNAPSHOT_FORMAT = 'swapmarket-snapshot';
export const SNAPSHOT_VERSION = 1;

export type SnapshotTable = {
  schema: string;
  name: string;
  /** The stored columns, in COPY order (generated columns are computed again on restore). */
  columns: string[];
  rows: number;
};

export type SnapshotSequence = {
  schema: string;
  name: string;
  /** null when nextval was never called. */
  lastValue: string | null;
};

export type SnapshotMigration = { hash: string; createdAt: string };

export type SnapshotManifest = {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  /** Drizzle's record of the migrations the database has run, oldest first. */
  migrations: SnapshotMigration[];
  tables: SnapshotTable[];
  sequences: SnapshotSequence[];
};

/** A snapshot or a target that cannot be restored, with a message for the operator. */
export class RestoreError extends Error {}

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'`;

/**
 * Left out of snapshots: `item_changes` logs the last minutes' listing changes by transaction id
 * (migration 0020), which means nothing in another cluster; its triggers fill it again as a
 * restore loads `items`, which is what app servers' rankings need to hear.
 */
const TRANSIENT_TABLES = `not (n.nspname = 'public' and c.relname in ('item_changes'))`;
const isTransient = (t: { schema: string; name: string }) =>
  t.schema === 'public' && t.name === 'item_changes';

/** Ordinary tables outside the system schemas that no extension owns, but transient ones. */
const USER_TABLES = `
  select n.nspname as schema, c.relname as name, c.oid::int8::text as oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS} and ${TRANSIENT_TABLES}
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                    and d.objid = c.oid and d.deptype = 'e')
  order by n.nspname, c.relname`;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${quote(t.schema)}.${quote(t.name)}`;

type Query = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Array<Record<string, unknown>> }>;

async function userTables(query: Query) {
  const { rows } = await query(USER_TABLES);
  return rows as Array<{ schema: string; name: string; oid: string }>;
}

async function storedColumns(query: Query, oid: string): Promise<string[]> {
  const { rows } = await query(
    `select attname from pg_attribute
     where attrelid = $1::int8::oid and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [oid],
  );
  return rows.map((r) => String(r.attname));
}

/** Sequences outside the system schemas, with the table column that owns each (if any). */
async function userSequences(query: Query) {
  const { rows } = await query(
    `select n.nspname as schema, c.relname as name,
            tn.nspname as table_schema, t.relname as table_name, a.attname as column_name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = c.oid
       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     left join pg_class t on t.oid = d.refobjid
     left join pg_namespace tn on tn.oid = t.relnamespace
     left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where c.relkind = 'S' and ${SYSTEM_SCHEMAS}
     order by n.nspname, c.relname`,
  );
  return rows as Array<{
    schema: string;
    name: string;
    table_schema: string | null;
    table_name: string | null;
    column_name: string | null;
  }>;
}

async function appliedMigrations(query: Query): Promise<SnapshotMigration[]> {
  const { rows } = await query(
    `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  ).catch((error: { code?: string }) => {
    // No migrations table (42P01) or schema (3F000): nothing has run.
    if (error.code === '42P01' || error.code === '3F000') return { rows: [] };
    throw error;
  });
  return rows.map((r) => ({ hash: String(r.hash), createdAt: String(r.created_at) }));
}

export type SnapshotOptions = {
  /**
   * Called once the transaction's snapshot is taken and before any table is copied, with an id
   * another session can adopt (`SET TRANSACTION SNAPSHOT`) to see exactly what the backup sees.
   */
  onSnapshot?: (snapshotId: string) => Promise<void>;
  /** How long to wait for a table lock (a migration or TRUNCATE holding one) before giving up. */
  lockTimeoutMs?: number;
};

/**
 * Writes a snapshot of the database `client` is connected to into `out` (left open). Runs in
 * one REPEATABLE READ READ ONLY transaction, so concurrent writes are either wholly in it or not.
 */
export async function writeSnapshot(
  client: pg.ClientBase,
  out: Writable,
  options: SnapshotOptions = {},
): Promise<SnapshotManifest> {
  const query: Query = (text, values) => client.query(text, values);
  await query('begin isolation level repeatable read read only');
  try {
    // Like pg_dump: ACCESS SHARE locks keep DDL (and TRUNCATE) out until we are done, and only
    // those; ordinary reads and writes go on.
    await query(`set local lock_timeout = ${Math.max(1, options.lockTimeoutMs ?? 30_000)}`);
    const tables = await userTables(query);
    if (tables.length) {
      await query(`lock table ${tables.map(qualified).join(', ')} in access share mode`);
    }
    const manifestTables: SnapshotTable[] = [];
    for (const table of tables) {
      const columns = await storedColumns(query, table.oid);
      const { rows } = await query(`select count(*)::int8::text as n from ${qualified(table)}`);
      manifestTables.push({
        schema: table.schema,
        name: table.name,
        columns,
        rows: Number(rows[0]?.n),
      });
    }
    const sequences: SnapshotSequence[] = [];
    for (const sequence of await userSequences(query)) {
      // Sequences are not transactional: this is their value now, at least what the snapshot
      // used, so restored ids are never handed out again (not even deleted ones).
      const { rows } = await query(
        `select case when is_called then last_value::text end as v from ${qualified(sequence)}`,
      );
      sequences.push({
        schema: sequence.schema,
        name: sequence.name,
        lastValue: (rows[0]?.v as string | null) ?? null,
      });
    }
    const { rows: version } = await query('show server_version');
    const manifest: SnapshotManifest = {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: String(version[0]?.server_version),
      migrations: await appliedMigrations(query),
      tables: manifestTables,
      sequences,
    };
    if (options.onSnapshot) {
      const { rows } = await query('select pg_export_snapshot() as id');
      await options.onSnapshot(String(rows[0]?.id));
    }
    await write(out, `${JSON.stringify(manifest)}\n`);
    for (const table of manifestTables) {
      const columns = table.columns.map(quote).join(', ');
      const source = client.query(copyTo(`copy ${qualified(table)} (${columns}) to stdout`));
      for await (const chunk of source as AsyncIterable<Buffer>) await write(out, chunk);
      if (source.rowCount !== table.rows) {
        throw new Error(
          `COPY of ${table.schema}.${table.name} gave ${source.rowCount} rows, the snapshot counted ${table.rows}`,
        );
      }
      await write(out, '\\.\n');
    }
    await query('commit');
    return manifest;
  } catch (error) {
    // Not awaited: after a failed write the connection may still be in COPY; closing it (the
    // caller does) ends the transaction as surely.
    client.query('rollback').catch(() => {});
    throw error;
  }
}

async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (out.destroyed) throw out.errored ?? new Error('The stream was closed');
  if (!out.write(text)) await once(out, 'drain');
}

/** The lines of a stream as Buffers without their '\n', however long a line is. */
export async function* lines(input: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      if (pending.length) {
        pending.push(piece);
        yield Buffer.concat(pending);
        pending = [];
      } else {
        yield piece;
      }
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield Buffer.concat(pending);
}

function parseManifest(line: Buffer | undefined): SnapshotManifest {
  let manifest: Partial<SnapshotManifest> | undefined;
  try {
    manifest = line ? (JSON.parse(line.toString('utf8')) as Partial<SnapshotManifest>) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== SNAPSHOT_FORMAT) {
    throw new RestoreError(
      'This file is not a SwapMarket snapshot (no manifest on its first line).',
    );
  }
  if (manifest.version !== SNAPSHOT_VERSION) {
    throw new RestoreError(
      `This snapshot has format version ${manifest.version}; this SwapMarket reads version ${SNAPSHOT_VERSION}.`,
    );
  }
  return manifest as SnapshotManifest;
}

type Migration = ReturnType<typeof readMigrationFiles>[number];

/**
 * The migrations of this code that rebuild the snapshot's schema: all it ran, no more. Refuses a
 * snapshot from a newer SwapMarket (a migration this code does not ship).
 */
function migrationsFor(applied: SnapshotMigration[], folder: string): Migration[] {
  const shipped = readMigrationFiles({ migrationsFolder: folder });
  const latest = applied.at(-1);
  if (!latest) return [];
  for (const migration of applied) {
    if (!shipped.some((m) => String(m.folderMillis) === migration.createdAt)) {
      throw new RestoreError(
        `The backup's schema has a migration (created at ${migration.createdAt}) that this version of SwapMarket does not ship: restore it with the version that made it, or a newer one.`,
      );
    }
  }
  return shipped.filter((m) => m.folderMillis <= Number(latest.createdAt));
}

/**
 * Drops the foreign keys and the indexes that back no constraint of `tables`, and turns their
 * own triggers off, and returns what puts them back: each index built once, each key validated by
 * one query over the table, the triggers on again. The snapshot already holds what a trigger
 * keeps (`offer_counts`): firing them while loading would count every row twice.
 */
async function setAside(
  query: Query,
  tables: Array<{ schema: string; name: string }>,
): Promise<() => Promise<void>> {
  const names = tables.map(qualified);
  const { rows: keys } = await query(
    `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])
     order by conrelid::regclass::text, conname`,
    [names],
  );
  for (const key of keys) {
    await query(`alter table ${key.tbl} drop constraint ${quote(String(key.conname))}`);
  }
  const { rows: indexes } = await query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c
                       where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
     order by 1`,
    [names],
  );
  for (const index of indexes) await query(`drop index ${index.name}`);
  const { rows: triggered } = await query(
    `select distinct tgrelid::regclass::text as tbl from pg_trigger
     where not tgisinternal and tgrelid = any($1::regclass[]) order by 1`,
    [names],
  );
  for (const table of triggered) await query(`alter table ${table.tbl} disable trigger user`);
  return async () => {
    for (const table of triggered) await query(`alter table ${table.tbl} enable trigger user`);
    for (const index of indexes) await query(String(index.def));
    for (const key of keys) {
      await query(`alter table ${key.tbl} add constraint ${quote(String(key.conname))} ${key.def}`);
    }
  };
}

export type RestoreOptions = {
  /** The migrations folder to rebuild the schema from (tests point it at an older subset). */
  migrationsFolder?: string;
};

/** One table's rows in a backup: the table and the columns its COPY text gives, in order. */
export type TableSection = { schema: string; name: string; columns: string[] };

/**
 * What a restore loads, whatever the file's format: the migrations that rebuild the backup's
 * schema, then table sections whose COPY text lines follow in the same line reader, each ended by
 * a line `\.`. Only rows come from the file: the schema is SwapMarket's own migrations, and every
 * statement that runs is written here, with the file's table and column names checked against
 * that schema first.
 */
export type RestoreSource = {
  migrations: SnapshotMigration[];
  /**
   * The tables the file announces up front with their row counts (the built-in manifest): all
   * are checked against the schema before loading and counted after. Undefined when the file
   * names its tables as it goes (pg_dump): then every table of the schema is emptied of seeded
   * rows, and each section is checked as it comes.
   */
  tables?: SnapshotTable[];
  /** The next section, its lines left in the reader; undefined after the last. */
  nextSection: () => Promise<TableSection | undefined>;
  /** Sequence values the file recorded, asked for once every section is in. */
  sequences: () => SnapshotSequence[];
};

/** A table the restore loaded, and how many rows. */
export type LoadedTable = { schema: string; name: string; rows: number };

/**
 * Restores a snapshot (the uncompressed stream `writeSnapshot` wrote) into the empty database
 * `client` is connected to, in one transaction. The schema is left at the snapshot's migration;
 * run the app's migrations afterwards to bring it up to this code.
 */
export async function restoreSnapshot(
  client: pg.ClientBase,
  input: Readable,
  options: RestoreOptions = {},
): Promise<SnapshotManifest> {
  const reader = lines(input);
  const manifest = parseManifest((await reader.next()).value ?? undefined);
  const sections = manifest.tables.values();
  await restoreInto(
    client,
    reader,
    {
      migrations: manifest.migrations,
      tables: manifest.tables,
      nextSection: async () => sections.next().value,
      sequences: () => manifest.sequences,
    },
    options,
  );
  return manifest;
}

/**
 * Loads `source` into the empty database `client` is connected to, in one transaction (a failed
 * restore leaves the database empty again): this code's migrations up to the backup's, then each
 * section by COPY FROM STDIN, foreign keys and secondary indexes set aside until the data is in
 * (as pg_restore does), the rows restore-checks.ts knows checked, sequences set past the restored
 * ids, and the counts the file announced checked.
 */
export async function restoreInto(
  client: pg.ClientBase,
  reader: AsyncGenerator<Buffer>,
  source: RestoreSource,
  options: RestoreOptions = {},
): Promise<LoadedTable[]> {
  const query: Query = (text, values) => client.query(text, values);
  const migrations = migrationsFor(source.migrations, options.migrationsFolder ?? migrationsDir);

  await query('begin');
  try {
    const existing = await userTables(query);
    if (existing.length) {
      const names = existing.slice(0, 3).map((t) => `${t.schema}.${t.name}`);
      throw new RestoreError(
        `The target database is not empty (${existing.length} tables, e.g. ${names.join(', ')}). Restore into an empty one: a new DATA_DIR for the embedded database, or a freshly created database in DATABASE_URL.`,
      );
    }
    // Drizzle's migrator, inside our transaction; the backup brings drizzle's own record.
    await query('create schema if not exists drizzle');
    await query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) if (statement.trim()) await query(statement);
    }

    const schema = new Map<string, { schema: string; name: string; oid: string }>(
      (await userTables(query)).map((t) => [`${t.schema}.${t.name}`, t]),
    );
    const columnsOf = new Map<string, string[]>();
    /** The section's table and columns, as the rebuilt schema has them, or a RestoreError. */
    const check = async (section: TableSection) => {
      const name = `${section.schema}.${section.name}`;
      const table = schema.get(name);
      if (table && !columnsOf.has(name)) columnsOf.set(name, await storedColumns(query, table.oid));
      const missing = section.columns.filter((c) => !columnsOf.get(name)?.includes(c));
      if (!table || missing.length) {
        throw new RestoreError(
          `The schema rebuilt for this backup lacks ${table ? `columns ${missing.join(', ')} of` : 'the table'} ${name}; the backup does not match its migrations. Nothing was restored.`,
        );
      }
    };
    const announced = source.tables?.filter((t) => !isTransient(t));
    for (const table of announced ?? []) await check(table);
    const targets = announced ?? [...schema.values()];
    // Rows the migrations seeded (categories) come back from the backup as they were.
    if (targets.length) await query(`truncate ${targets.map(qualified).join(', ')}`);
    // Like pg_restore: foreign keys and secondary indexes come back after the data, checked and
    // built in one pass each instead of row by row (and the order of tables no longer matters).
    const restoreLater = await setAside(query, targets);
    const loader = await restrictedLoader(query, targets);

    const loaded = new Map<string, LoadedTable>();
    for (let section = await source.nextSection(); section; section = await source.nextSection()) {
      const name = `${section.schema}.${section.name}`;
      if (isTransient(section)) {
        await copySection(reader, null, name);
        continue;
      }
      await check(section);
      if (loaded.has(name)) {
        throw new RestoreError(`The backup holds ${name}'s rows twice. Nothing was restored.`);
      }
      await loader.enter();
      const copy = client.query(
        copyFrom(
          `copy ${qualified(section)} (${section.columns.map(quote).join(', ')}) from stdin`,
        ),
      );
      // A server error (a bad row) destroys the stream; `finished` or the next write reports it.
      copy.on('error', () => {});
      try {
        await copySection(reader, copy, name);
      } catch (error) {
        // CopyFail ends the COPY on the server, so the connection can roll back.
        copy.destroy(error instanceof Error ? error : new Error(String(error)));
        await finished(copy).catch(() => {});
        throw error;
      }
      await loader.leave();
      loaded.set(name, { schema: section.schema, name: section.name, rows: Number(copy.rowCount) });
    }

    await checkRows(query, [...loaded.values()]);
    await restoreLater();
    for (const table of announced ?? []) {
      const name = `${table.schema}.${table.name}`;
      const { rows } = await query(`select count(*)::int8::text as n from ${qualified(table)}`);
      const count = Number(rows[0]?.n);
      if (loaded.get(name)?.rows !== table.rows || count !== table.rows) {
        throw new RestoreError(
          `Table ${name} has ${count} rows after restoring; the snapshot's manifest says ${table.rows}. Nothing was restored.`,
        );
      }
    }
    await resetSequences(query, source.sequences());
    await loader.drop();
    await query('commit');
    await query('analyze').catch(() => {});
    return [...loaded.values()];
  } catch (error) {
    await query('rollback').catch(() => {});
    throw error;
  }
}

export type Loader = { enter(): Promise<void>; leave(): Promise<void>; drop(): Promise<void> };

/**
 * The role the COPYs run as. Over a superuser's connection (the embedded cluster's, or an
 * operator's DATABASE_URL), a role made for this transaction alone and dropped before it commits:
 * NOLOGIN, not a superuser, no other role's rights (so none of pg_execute_server_program,
 * pg_read_server_files, pg_write_server_files), with INSERT on the tables being loaded and
 * nothing else. No SQL from the file runs at all; this keeps the loading itself within what a
 * restore needs, whatever a table name or a future change lets through. Any other connection
 * loads as its own role, which is not a superuser. (Exported for its test.)
 */
export async function restrictedLoader(
  query: Query,
  tables: Array<{ schema: string; name: string }>,
): Promise<Loader> {
  const { rows } = await query('select rolsuper from pg_roles where rolname = current_user');
  if (rows[0]?.rolsuper !== true) {
    return { enter: async () => {}, leave: async () => {}, drop: async () => {} };
  }
  const role = quote(`swapmarket_restore_${randomBytes(6).toString('hex')}`);
  await query(
    `create role ${role} nologin nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls`,
  );
  for (const schema of new Set(tables.map((t) => t.schema))) {
    await query(`grant usage on schema ${quote(schema)} to ${role}`);
    // A column the file leaves out gets its default, which may take a sequence's next value.
    await query(`grant usage on all sequences in schema ${quote(schema)} to ${role}`);
  }
  if (tables.length) await query(`grant insert on ${tables.map(qualified).join(', ')} to ${role}`);
  return {
    enter: async () => {
      await query(`set local role ${role}`);
    },
    leave: async () => {
      await query('reset role');
    },
    drop: async () => {
      await query(`drop owned by ${role}`);
      await query(`drop role ${role}`);
    },
  };
}

const CHECK_BATCH = 1000;

/**
 * Every row of the tables restore-checks.ts knows (users, sessions) must be one SwapMarket writes:
 * the first that is not stops the restore, named by its table and its place in the backup (a
 * table loaded by one COPY keeps the backup's order in ctid order).
 */
async function checkRows(query: Query, tables: Array<{ schema: string; name: string }>) {
  for (const table of tables) {
    const check = ROW_CHECKS.get(`${table.schema}.${table.name}`);
    if (!check) continue;
    let position = 0;
    let after = '(0,0)';
    for (;;) {
      const { rows } = await query(
        `select ctid::text as at, to_jsonb(t) as row from ${qualified(table)} t
         where ctid > $1::tid order by ctid limit ${CHECK_BATCH}`,
        [after],
      );
      for (const { row } of rows) {
        position++;
        const problem = check(row as Record<string, unknown>);
        if (problem) {
          throw new RestoreError(
            `Row ${position} of table ${table.schema}.${table.name} in the backup is not one SwapMarket writes: ${problem}. Nothing was restored.`,
          );
        }
      }
      if (rows.length < CHECK_BATCH) break;
      after = String(rows.at(-1)?.at);
    }
  }
}

const NEWLINE = Buffer.from('\n');

/**
 * Feeds one table's section of the file (up to its `\\.` line) into a COPY FROM STDIN, or
 * passes over it when `copy` is null (a table a restore leaves out).
 */
async function copySection(
  reader: AsyncGenerator<Buffer>,
  copy: Writable | null,
  name: string,
): Promise<void> {
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const data = Buffer.concat(batch);
    batch = [];
    batchBytes = 0;
    if (copy) await write(copy, data);
  };
  for (let line = await reader.next(); !line.done; line = await reader.next()) {
    if (line.value.length === 2 && line.value[0] === 92 && line.value[1] === 46) {
      await flush();
      if (copy) {
        copy.end();
        await finished(copy);
      }
      return;
    }
    batch.push(line.value, NEWLINE);
    batchBytes += line.value.length + 1;
    if (batchBytes >= 1 << 20) await flush();
  }
  throw new RestoreError(
    `The backup ends inside table ${name}: the file is truncated or damaged. Nothing was restored.`,
  );
}

/**
 * Every sequence continues after the restored rows: past the highest id in its column, and past
 * the value it had when the snapshot was taken.
 */
async function resetSequences(query: Query, sequences: SnapshotSequence[]): Promise<void> {
  const recorded = new Map(sequences.map((s) => [`${s.schema}.${s.name}`, s.lastValue]));
  for (const sequence of await userSequences(query)) {
    const values: bigint[] = [];
    const last = recorded.get(`${sequence.schema}.${sequence.name}`);
    if (last) values.push(BigInt(last));
    if (sequence.table_schema && sequence.table_name && sequence.column_name) {
      const { rows } = await query(
        `select max(${quote(sequence.column_name)})::text as v from ${qualified({ schema: sequence.table_schema, name: sequence.table_name })}`,
      );
      if (rows[0]?.v !== null && rows[0]?.v !== undefined) values.push(BigInt(String(rows[0].v)));
    }
    if (!values.length) continue;
    const value = values.reduce((a, b) => (a > b ? a : b));
    await query('select setval($1::regclass, $2::int8, true)', [
      qualified(sequence),
      String(value),
    ]);
  }
}
