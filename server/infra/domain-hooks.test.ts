import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createDomainHooks } from './domain-hooks.js';

/** An event of this test's own: infrastructure knows no feature's events. */
type ProbeChanged = { probeId: number; kind: 'created' | 'updated' };

declare module './domain-hooks.js' {
  interface DomainEvents {
    'probe.changed': ProbeChanged;
  }
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('domain hooks', () => {
  it('runs listeners in order inside the transaction of the change', async () => {
    const hooks = createDomainHooks();
    const seen: string[] = [];
    hooks.on('probe.changed', async (_tx, change) => void seen.push(`first ${change.kind}`));
    hooks.on('probe.changed', async (tx, change) => {
      await tx.execute(`select 1`);
      seen.push(`second ${change.probeId}`);
    });
    await testDb.db.transaction((tx) =>
      hooks.emit(tx, 'probe.changed', { probeId: 7, kind: 'created' }),
    );
    expect(seen).toEqual(['first created', 'second 7']);
  });

  it('rolls the change back when a listener fails', async () => {
    const hooks = createDomainHooks();
    hooks.on('probe.changed', async () => {
      throw new Error('derived data refused');
    });
    await testDb.db.execute('create table hook_probe (n int)');
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.execute('insert into hook_probe values (1)');
        await hooks.emit(tx, 'probe.changed', { probeId: 1, kind: 'updated' });
      }),
    ).rejects.toThrow('derived data refused');
    const { rows } = await testDb.db.execute('select count(*)::int as n from hook_probe');
    expect(rows[0]).toEqual({ n: 0 });
  });
});
