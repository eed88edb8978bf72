import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrationsDir } from '../paths.js';
import { ROW_CHECKS } from './restore-checks.js';
import {
  isTransient,
  lines,
  type Query,
  qualified,
  quote,
  RestoreError,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotManifest,
  type SnapshotMigration,
  type SnapshotSequence,
  type SnapshotTable,
  storedColumns,
  userSequences,
  userTables,
  write,
} from './snapshot.js';

/**
 * Restoring a backup (the built-in format, and a pg_dump file's rows through pg-dump-data.ts) into
 * an empty database: the writing side and what both share are in snapshot.ts.
 */

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
