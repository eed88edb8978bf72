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

/**
 * Fedify's key-value store in PostgreSQL (`federation_kv`), shared by every app server: its caches
 * of remote documents and keys, and the ids of inbound activities already applied (idempotence).
 * Expired entries read as absent and are purged by `purgeExpired` (maintenance).
 */
export function createKvStore(db: Database): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      // Prepared: a few times per inbound activity (its idempotence, its sender's documents).
      const rows = await queryPrepared<{ value: T }>(
        db,
        sql`
        select value from federation_kv
         where key = ${textOf(key)} and (expires_at is null or expires_at > now())`,
      );
      return rows[0]?.value;
    },

    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      await db.execute(sql`
        insert into federation_kv (key, value, expires_at)
        values (${textOf(key)}, ${JSON.stringify(value)}::jsonb, ${expiry(options)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    },

    async delete(key: KvKey): Promise<void> {
      await db.execute(sql`delete from federation_kv where key = ${textOf(key)}`);
    },

    async cas(key, expectedValue, newValue, options): Promise<boolean> {
      const text = textOf(key);
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
