import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryPrepared } from '../../db/prepared.js';

/** Parts of a key joined by a character no URL or id Fedify stores contains. */
const SEPARATOR = '\u001f';

const textOf = (key: KvKey) => key.join(SEPARATOR);
const keyOf = (text: string) => text.split(SEPARATOR) as unknown as KvKey;

const expiry = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total({ unit: 'millisecond' })) : null;

/** Fedify's cache of remote documents (actors, keys, objects), by URL. */
const DOCUMENTS = `_fedify${SEPARATOR}remoteDocument${SEPARATOR}`;
/** How long this server answers a cached document from memory before reading the table again. */
const DOCUMENT_MEMO_MS = 30_000;
const DOCUMENT_MEMO_SIZE = 1000;

/**
 * The remote documents this server read or wrote lately, as JSON text (each read gets its own
 * copy). Every inbound activity reads its sender's actor: from memory, that is one statement
 * fewer each. Fedify keeps documents for minutes anyway, so answering from memory for 30 s more
 * changes nothing another instance could tell; a document we refetch replaces ours at once.
 */
function documentMemo() {
  const kept = new Map<string, { json: string; until: number }>();
  return {
    get(text: string): unknown {
      const entry = kept.get(text);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        kept.delete(text);
        return undefined;
      }
      return JSON.parse(entry.json);
    },
    set(text: string, value: unknown, expires: Date | null) {
      if (!text.startsWith(DOCUMENTS)) return;
      kept.delete(text);
      const until = Math.min(Date.now() + DOCUMENT_MEMO_MS, expires?.getTime() ?? Infinity);
      kept.set(text, { json: JSON.stringify(value), until });
      if (kept.size > DOCUMENT_MEMO_SIZE) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) kept.delete(oldest);
      }
    },
    forget(text: string) {
      kept.delete(text);
    },
  };
}

/**
 * Fedify's key-value store in PostgreSQL (`federation_kv`), shared by every app server: its caches
 * of remote documents and keys, and the ids of inbound activities already applied (idempotence).
 * Expired entries read as absent and are purged by `purgeExpired` (maintenance).
 */
export function createKvStore(db: Database): KvStore {
  const memo = documentMemo();
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const text = textOf(key);
      const remembered = memo.get(text);
      if (remembered !== undefined) return remembered as T;
      // Prepared: a few times per inbound activity (its idempotence, its sender's documents).
      const rows = await queryPrepared<{ value: T; expires_at: Date | null }>(
        db,
        sql`
        select value, expires_at from federation_kv
         where key = ${text} and (expires_at is null or expires_at > now())`,
      );
      const row = rows[0];
      if (row) memo.set(text, row.value, row.expires_at);
      return row?.value;
    },

    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const text = textOf(key);
      memo.forget(text);
      await db.execute(sql`
        insert into federation_kv (key, value, expires_at)
        values (${text}, ${JSON.stringify(value)}::jsonb, ${expiry(options)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
      memo.set(text, value, expiry(options));
    },

    async delete(key: KvKey): Promise<void> {
      const text = textOf(key);
      memo.forget(text);
      await db.execute(sql`delete from federation_kv where key = ${text}`);
    },

    async cas(key, expectedValue, newValue, options): Promise<boolean> {
      const text = textOf(key);
      memo.forget(text);
      const value = JSON.stringify(newValue);
      const { rows } =
        expectedValue === undefined
          ? await db.execute(sql`
              insert into federation_kv (key, value, expires_at)
              values (${text}, ${value}::jsonb, ${expiry(options)})
              on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
                where federation_kv.expires_at is not null and federation_kv.expires_at <= now()
              returning key`)
          : await db.execute(sql`
              update federation_kv set value = ${value}::jsonb, expires_at = ${expiry(options)}
               where key = ${text} and value = ${JSON.stringify(expectedValue)}::jsonb
                 and (expires_at is null or expires_at > now())
              returning key`);
      return rows.length > 0;
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const text = prefix ? textOf(prefix) : '';
      const { rows } = await db.execute<{ key: string; value: unknown }>(sql`
        select key, value from federation_kv
         where (${text} = '' or key = ${text} or starts_with(key, ${text + SEPARATOR}))
           and (expires_at is null or expires_at > now())
         order by key`);
      for (const row of rows) yield { key: keyOf(row.key), value: row.value };
    },
  };
}

/** Drops expired entries; returns how many. */
export async function purgeExpired(db: Database): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from federation_kv where expires_at <= now() returning key`);
  return rows.length;
}
