import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

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
export const isTransient = (t: { schema: string; name: string }) =>
  t.schema === 'public' && t.name === 'item_changes';

/** Ordinary tables outside the system schemas that no extension owns, but transient ones. */
const USER_TABLES = `
  select n.nspname as schema, c.relname as name, c.oid::int8::text as oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS} and ${TRANSIENT_TABLES}
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                    and d.objid = c.oid and d.deptype = 'e')
  order by n.nspname, c.relname`;

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quote(t.schema)}.${quote(t.name)}`;

export type Query = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Array<Record<string, unknown>> }>;

export async function userTables(query: Query) {
  const { rows } = await query(USER_TABLES);
  return rows as Array<{ schema: string; name: string; oid: string }>;
}

export async function storedColumns(query: Query, oid: string): Promise<string[]> {
  const { rows } = await query(
    `select attname from pg_attribute
     where attrelid = $1::int8::oid and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [oid],
  );
  return rows.map((r) => String(r.attname));
}

/** Sequences outside the system schemas, with the table column that owns each (if any). */
export async function userSequences(query: Query) {
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

export async function write(out: Writable, text: string | Buffer): Promise<void> {
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
