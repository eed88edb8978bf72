import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { afterCommit, transact } from './transact.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.execute('create table commit_probe (n int)');
});
afterAll(() => testDb.drop());

const count = async () =>
  (await testDb.db.execute<{ n: number }>('select count(*)::int as n from commit_probe')).rows[0]
    ?.n;

describe('transact', () => {
  it('runs effects once the transaction committed, when its change is visible', async () => {
    const seen: Array<number | undefined> = [];
    const result = await transact(testDb.db, async (tx) => {
      await tx.execute('insert into commit_probe values (1)');
      afterCommit(tx, () => void count().then((n) => seen.push(n)));
      afterCommit(tx, () => seen.push(-1));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([-1, 1]);
  });

  it('never runs them when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      transact(testDb.db, async (tx) => {
        afterCommit(tx, () => {
          ran = true;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
  });

  it('refuses an effect on a transaction it did not open, where it would never run', async () => {
    await expect(testDb.db.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(
      'afterCommit needs a transaction opened with transact()',
    );
  });
});
