import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { createKvStore } from './kv-store.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const removeRows = () => testDb.db.execute(sql`delete from federation_kv`);

describe('the federation key-value store', () => {
  it('answers a remote document it read lately from memory, a fresh copy each time', async () => {
    const kv = createKvStore(testDb.db);
    const key = ['_fedify', 'remoteDocument', 'https://b.example/users/ann'] as const;
    await createKvStore(testDb.db).set(key, { name: 'Ann' });
    const first = await kv.get<{ name: string }>(key);
    await removeRows();
    // Read once: the table is not asked again (the row is gone, the answer is still there).
    const again = await kv.get<{ name: string }>(key);
    expect(again).toEqual({ name: 'Ann' });
    expect(again).not.toBe(first);
    // A document written here replaces the one kept.
    await kv.set(key, { name: 'Ann B.' });
    await removeRows();
    expect(await kv.get(key)).toEqual({ name: 'Ann B.' });
    await kv.delete(key);
    expect(await kv.get(key)).toBeUndefined();
  });

  it('reads everything else from the table every time (activities applied, on every server)', async () => {
    const kv = createKvStore(testDb.db);
    const key = ['_fedify', 'activityIdempotence', 'https://b.example/activities/1'] as const;
    await createKvStore(testDb.db).set(key, true);
    expect(await kv.get(key)).toBe(true);
    await removeRows();
    expect(await kv.get(key)).toBeUndefined();
  });
});
