import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, requestAs, type TestApp } from '../../testing/app.js';
import { EXPORT_SECTIONS } from './export.js';
import { MEMBER_COLUMNS } from './member-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

/** Every column of the database with a foreign key to users(id), as `table.column`. */
async function columnsReferencingUsers(): Promise<string[]> {
  const { rows } = await t.db.execute<{ name: string }>(sql`
    select c.conrelid::regclass::text || '.' || a.attname as name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass and c.conrelid <> 'users'::regclass
    order by 1`);
  return rows.map((row) => row.name);
}

/** Text columns named like a member's id that no foreign key guards. */
async function unkeyedMemberColumns(): Promise<string[]> {
  const { rows } = await t.db.execute<{ name: string }>(sql`
    select table_name || '.' || column_name as name
    from information_schema.columns col
    where table_schema = 'public' and data_type = 'text'
      and (column_name ~ '(^|_)(user|member|owner|giver|receiver|reporter|organiser|proposer)(_id)?$'
           or column_name in ('blocked_by', 'handled_by'))
      and table_name <> 'users'
      and not exists (
        select 1 from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.conrelid = (col.table_name)::regclass
          and a.attname = col.column_name)
    order by 1`);
  return rows.map((row) => row.name);
}

describe('every table that names a member (issue 40 §5)', () => {
  it('is handled by the export and the erasure: a new one fails here until member-data.ts lists it', async () => {
    const keyed = await columnsReferencingUsers();
    expect(keyed.length).toBeGreaterThan(30);
    const listed = Object.entries(MEMBER_COLUMNS);
    expect(keyed.filter((name) => !MEMBER_COLUMNS[name])).toEqual([]);
    // And nothing listed as keyed that is not (a renamed or dropped column).
    expect(
      listed.filter(([name, c]) => c.foreignKey !== false && !keyed.includes(name)).map(([n]) => n),
    ).toEqual([]);
    expect((await unkeyedMemberColumns()).filter((name) => !MEMBER_COLUMNS[name])).toEqual([]);
    for (const [name, column] of listed) {
      if ('section' in column.export)
        expect(EXPORT_SECTIONS, `${name}'s section`).toContain(column.export.section);
    }
  });

  it('exports the rows of every column that names the member, and erases what it says it does', async () => {
    const ann = await registerMember(t.app);
    const bob = await registerMember(t.app);
    const as = (
      who: typeof ann,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: unknown,
    ) => requestAs(t.app, method, url, who, body);
    const bobs = (
      await as(bob, 'POST', '/api/items', {
        title: 'Teapot',
        description: 'Blue',
        condition: 'good',
      })
    ).json();
    const anns = (
      await as(ann, 'POST', '/api/items', {
        title: 'Kettle',
        description: 'Red',
        condition: 'good',
      })
    ).json();
    const offer = (
      await as(ann, 'POST', '/api/swap-requests', {
        itemId: bobs.id,
        offeredItemId: anns.id,
        message: 'Swap?',
      })
    ).json();
    await as(bob, 'POST', `/api/swap-requests/${offer.id}/messages`, { content: 'Maybe' });
    await as(ann, 'POST', `/api/swap-requests/${offer.id}/messages`, { content: 'Please' });
    await as(ann, 'POST', `/api/items/${bobs.id}/save`, {});
    await as(ann, 'POST', '/api/saved-searches', { search: 'teapot', frequency: 'instant' });
    await as(ann, 'POST', `/api/users/${bob.user.id}/block`, {});
    await as(ann, 'POST', `/api/items/${bobs.id}/report`, { reason: 'Other' });
    await as(ann, 'POST', '/api/page-views', { path: '/matches' });

    const data = (await as(ann, 'GET', '/api/account/export')).json();
    const checked: string[] = [];
    for (const [name, column] of Object.entries(MEMBER_COLUMNS)) {
      if (column.foreignKey === false || !('section' in column.export)) continue;
      const [table, col] = name.split('.') as [string, string];
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} = ${ann.user.id}`,
      );
      if (!rows[0]?.n) continue;
      const section = data[column.export.section];
      expect(section, `${name} → ${column.export.section}`).toBeTruthy();
      if (Array.isArray(section)) expect(section.length, name).toBeGreaterThan(0);
      checked.push(name);
    }
    // The member above names themself in at least these.
    expect(checked).toEqual(
      expect.arrayContaining([
        'items.user_id',
        'swap_requests.from_user_id',
        'messages.from_user_id',
        'saved_items.user_id',
        'saved_searches.user_id',
        'blocks.blocker_id',
        'flagged_items.user_id',
        'site_visits.user_id',
        'offer_counts.user_id',
      ]),
    );

    expect(
      (await as(ann, 'DELETE', '/api/account', { password: ann.input.password })).statusCode,
    ).toBe(200);
    for (const [name, column] of Object.entries(MEMBER_COLUMNS)) {
      if (column.erase !== 'delete' && column.erase !== 'clear') continue;
      const [table, col] = name.split('.') as [string, string];
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} = ${ann.user.id}`,
      );
      expect(rows[0]?.n, `${name} after the erasure`).toBe(0);
    }
    const { rows: sessions } = await t.db.execute(
      sql`select 1 from sessions where sess->>'userId' = ${ann.user.id}`,
    );
    expect(sessions).toEqual([]);
  });
});
