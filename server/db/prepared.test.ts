import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findItem } from '../features/items/listing-reads.js';
import { countUnread, findNotifications } from '../features/notifications/notifications.queries.js';
import { findChatPageFor, findPartiesOf } from '../features/swaps/swaps.queries.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createDatabase, type Database } from './client.js';
import { oncePerDatabase, queryPrepared } from './prepared.js';

let test: TestDatabase;
let db: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  // One connection, so the statements it has prepared can be read back from it.
  db = createDatabase(test.url, { error: () => {} }, { max: 1 });
});
afterAll(async () => {
  await db.$client.end();
  await test.drop();
});

const prepared = async () =>
  (
    await db.$client.query<{ statement: string }>(
      `select statement from pg_prepared_statements order by prepare_time`,
    )
  ).rows.map((r) => r.statement);

describe('queryPrepared', () => {
  it('prepares a statement once per connection and reuses it with new values', async () => {
    const double = (n: number) => sql`select ${n}::int * 2 as doubled`;
    expect(await queryPrepared(db, double(2))).toEqual([{ doubled: 4 }]);
    expect(await queryPrepared(db, double(21))).toEqual([{ doubled: 42 }]);
    expect(await prepared()).toEqual(['select $1::int * 2 as doubled']);
  });

  it('gives two different texts two statements, never one name for both', async () => {
    expect(await queryPrepared(db, sql`select ${'a'}::text || 'x' as word`)).toEqual([
      { word: 'ax' },
    ]);
    expect(await queryPrepared(db, sql`select ${'a'}::text || 'y' as word`)).toEqual([
      { word: 'ay' },
    ]);
    expect(await prepared()).toEqual([
      'select $1::int * 2 as doubled',
      "select $1::text || 'x' as word",
      "select $1::text || 'y' as word",
    ]);
  });
});

describe('oncePerDatabase', () => {
  it('builds once per database handle and hands the same statement back', () => {
    let builds = 0;
    const statement = oncePerDatabase(() => ({ build: ++builds }));
    const other = {} as Database;
    expect(statement(db)).toBe(statement(db));
    expect(statement(other)).not.toBe(statement(db));
    expect(builds).toBe(2);
  });
});

describe('hot reads', () => {
  const named = async (...names: string[]) =>
    (
      await db.$client.query<{ name: string }>(
        `select name from pg_prepared_statements where name = any($1) order by name`,
        [names],
      )
    ).rows.map((row) => row.name);

  it('reads a listing by id (every listing-cache miss) through one statement prepared once', async () => {
    expect(await findItem(db, 1)).toBeUndefined();
    expect(await findItem(db, 2)).toBeUndefined();
    expect(await named('item_by_id')).toEqual(['item_by_id']);
  });

  it("reads a chat's page with its parties, and the parties alone, through statements prepared once", async () => {
    const chatPages = async () =>
      (await prepared()).filter((text) => text.includes('from messages p')).length;
    for (const id of [1, 2]) {
      expect(await findPartiesOf(db, id, 'nobody')).toBeUndefined();
      expect(await findChatPageFor(db, id, 'nobody', { limit: 10 })).toBeUndefined();
      expect(await findChatPageFor(db, id, 'nobody', { limit: 10, before: 5 })).toBeUndefined();
    }
    expect(await named('offer_parties')).toEqual(['offer_parties']);
    // One statement for the latest page and one for an older one, whatever the chat and page.
    expect(await chatPages()).toBe(2);
  });

  it("reads the bell's latest notifications and unread count through statements prepared once", async () => {
    for (const userId of ['nobody', 'no one']) {
      expect(await findNotifications(db, userId, { limit: 8, offset: 0 })).toEqual([]);
      expect(await countUnread(db, userId)).toBe(0);
    }
    expect(await named('notifications_page', 'notifications_unread')).toEqual([
      'notifications_page',
      'notifications_unread',
    ]);
  });
});
