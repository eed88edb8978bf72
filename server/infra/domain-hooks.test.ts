import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createDomainHooks, type ItemChange } from './domain-hooks.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('domain hooks', () => {
  it('runs listeners in order inside the transaction of the change', async () => {
    const hooks = createDomainHooks();
    const seen: string[] = [];
    hooks.on('item.changed', async (_tx, change) => void seen.push(`first ${change.kind}`));
    hooks.on('item.changed', async (tx, change) => {
      await tx.execute(`select 1`);
      seen.push(`second ${change.itemId}`);
    });
    const change: ItemChange = { itemId: 7, userId: 'u', kind: 'created' };
    await testDb.db.transaction((tx) => hooks.emit(tx, 'item.changed', change));
    expect(seen).toEqual(['first created', 'second 7']);
  });

  it('rolls the change back when a listener fails', async () => {
    const hooks = createDomainHooks();
    hooks.on('item.changed', async () => {
      throw new Error('derived data refused');
    });
    await testDb.db.execute('create table hook_probe (n int)');
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.execute('insert into hook_probe values (1)');
        await hooks.emit(tx, 'item.changed', { itemId: 1, userId: 'u', kind: 'updated' });
      }),
    ).rejects.toThrow('derived data refused');
    const { rows } = await testDb.db.execute('select count(*)::int as n from hook_probe');
    expect(rows[0]).toEqual({ n: 0 });
  });
});
