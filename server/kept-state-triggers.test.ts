import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from './testing/app.js';

/**
 * What a server keeps is forgotten only when a database trigger says it changed (kept-notices.ts),
 * so a column a kept answer reads but its triggers do not watch would leave it stale on every
 * server. This reads each kept answer the way the app does, asks PostgreSQL which columns of
 * which tables those reads use (EXPLAIN VERBOSE), and holds them against the columns the
 * triggers of that answer's kind compare: a column added to a page and not to its trigger fails.
 */

type Kind = 'listings' | 'offers' | 'sessions' | 'rankings';

/** Columns that never change once written, so no trigger need watch them (why, per column). */
const NEVER_CHANGE: Record<string, string> = {
  'items.id': 'identity',
  'users.id': 'primary key, never updated',
  'swap_requests.id': 'identity',
  'messages.id': 'identity',
  'feedback.id': 'identity',
  'categories.id': 'identity',
  'instances.id': 'identity',
  'sessions.sid': 'a new sign-in is a new row',
};

/**
 * Columns derived by PostgreSQL from others that the trigger does watch: a change to them is a
 * change to their sources.
 */
const GENERATED: Record<string, string[]> = {
  'items.search_vector': ['items.title', 'items.wanted_items', 'items.description'],
  'items.public_point': ['items.public_latitude', 'items.public_longitude'],
};

/** Tables a kept answer may read without a trigger, and why nothing there can change it. */
const UNWATCHED_TABLES: Record<string, string> = {
  item_changes:
    'the log of listings’ changes: each row it gains comes with a change to items, which tells',
  search_terms:
    'typo corrections learn a title word in the transaction that lists it, whose listing tells',
};

/** Writes to a table read that need no notice, and why. */
const SILENT_EVENTS: Record<string, string> = {
  'users.INSERT': 'a new member has no listings, offers or sessions yet',
  'users.DELETE': 'cascades to their listings, offers and sessions, whose triggers tell',
  'sessions.INSERT': 'a new sign-in is a session no server knows yet',
  'categories.INSERT': 'a new category holds no listing yet',
  'items.INSERT@offers': 'a new listing is in no offer yet',
  'items.DELETE@offers': 'a listing an offer names cannot be deleted (NO ACTION keys)',
  'users.UPDATE@rankings': 'only a suspension changes a ranking, and its own trigger logs it',
  'instances.INSERT': 'a new instance holds no listing yet',
  'instances.DELETE': 'cascades to its listings, whose triggers tell',
};

let t: TestApp;
const captured: Array<{ text: string; values: unknown[] }> = [];
/** Set while a read runs: statements from anything else (the job queue's polling) are not its. */
const reading = new AsyncLocalStorage<true>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  const pool = t.db.$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  // Every statement the app sends while a read runs (`reading`), with its parameters, to explain afterwards.
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (
    ...args: unknown[]
  ) => {
    if (reading.getStore()) {
      const [first, second] = args;
      if (typeof first === 'string')
        captured.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        captured.push({
          text: config.text,
          values: config.values ?? (Array.isArray(second) ? second : []),
        });
      }
    }
    return query(...args);
  };
});
afterAll(() => t.close());

/** The SELECTs `read` sends. */
async function readsOf(read: () => Promise<unknown>) {
  captured.length = 0;
  await reading.run(true, read);
  // A text of several statements (no parameters then) is explained one statement at a time.
  return captured
    .flatMap(({ text, values }) =>
      values.length > 0
        ? [{ text, values }]
        : text.split(/;\s*\n/).map((part) => ({ text: part, values })),
    )
    .filter(({ text }) => /^\s*\(?\s*(select|with)\b/i.test(text));
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** table.column for every column the statement's plan reads, as PostgreSQL names them. */
async function columnsRead(statement: { text: string; values: unknown[] }): Promise<Set<string>> {
  const result = await t.db.$client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `explain (verbose, format json) ${statement.text}`,
    statement.values,
  );
  const { rows } = result;
  if (!rows) throw new Error(`several statements in one: ${statement.text}`);
  const plan = rows[0]?.['QUERY PLAN']?.[0]?.Plan;
  if (!plan)
    throw new Error(`no plan for ${statement.text}: ${JSON.stringify(rows).slice(0, 300)}`);
  const aliases = new Map<string, Set<string>>();
  const expressions: string[] = [];
  const walk = (node: PlanNode, root: boolean) => {
    const relation = node['Relation Name'];
    const alias = node.Alias;
    if (typeof relation === 'string' && typeof alias === 'string')
      aliases.set(alias, (aliases.get(alias) ?? new Set()).add(relation));
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Plans') continue;
      // A scan under another node may emit the whole row (PostgreSQL spares itself a
      // projection): what its parents use of it is what is read.
      if (key === 'Output' && typeof relation === 'string' && !root) continue;
      if (typeof value === 'string') expressions.push(value);
      if (Array.isArray(value))
        for (const entry of value) if (typeof entry === 'string') expressions.push(entry);
    }
    for (const child of node.Plans ?? []) walk(child, false);
  };
  walk(plan, true);
  const columns = new Set<string>();
  for (const expression of expressions) {
    for (const [, alias, column] of expression.matchAll(/\b(\w+)\.(\w+)\b/g)) {
      for (const table of aliases.get(alias as string) ?? []) columns.add(`${table}.${column}`);
    }
  }
  return columns;
}

type Watch = { table: string; events: Set<string>; columns: Set<string> | 'all' };

/** The triggers that send notices of `kind`, with the columns each compares on UPDATE. */
async function triggersOf(kind: Kind): Promise<Watch[]> {
  const { rows } = await t.db.$client.query<{
    table: string;
    definition: string;
    source: string;
    function: string;
  }>(`
    select c.relname as table, pg_get_triggerdef(tg.oid) as definition,
           p.prosrc as source, p.proname as function
      from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid
      join pg_proc p on p.oid = tg.tgfoid
     where not tg.tgisinternal`);
  const sends = (source: string) => {
    if (kind === 'rankings') return /insert into "item_changes"/i.test(source);
    if (kind === 'offers' && /offers_cache_tell|"kept":"offers"/.test(source)) return true;
    return source.includes(`'kept', '${kind}'`) || source.includes(`"kept":"${kind}"`);
  };
  return rows
    .filter((row) => sends(row.source))
    .map((row) => {
      const events = new Set(
        ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'].filter((event) =>
          new RegExp(`\\b${event}\\b`).test(row.definition.split(' ON ')[0] ?? ''),
        ),
      );
      // Columns compared between new and old rows, in the function or the trigger's WHEN.
      const compared = new Set<string>();
      for (const [, column] of row.source.matchAll(/\bn\."(\w+)"/g)) compared.add(column as string);
      const when = /WHEN \((.*)\) EXECUTE/.exec(row.definition)?.[1] ?? '';
      const whole = /\bold IS DISTINCT FROM new\b/i.test(when);
      for (const [, column] of when.matchAll(/\bnew\.(\w+)/gi)) compared.add(column as string);
      return {
        table: row.table,
        events,
        columns: compared.size === 0 || whole ? 'all' : compared,
      } satisfies Watch;
    });
}

/** What the triggers of `kind` miss of the columns `reads` use, one line each. */
async function unwatched(kind: Kind, reads: Array<{ text: string; values: unknown[] }>) {
  expect(reads.length).toBeGreaterThan(0);
  const used = new Set<string>();
  for (const read of reads) for (const column of await columnsRead(read)) used.add(column);
  const watches = await triggersOf(kind);
  const problems: string[] = [];
  const tables = new Set([...used].map((column) => column.split('.')[0] as string));
  for (const table of tables) {
    if (UNWATCHED_TABLES[table]) continue;
    const onTable = watches.filter((watch) => watch.table === table);
    const events = new Set(onTable.flatMap((watch) => [...watch.events]));
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      const silent =
        SILENT_EVENTS[`${table}.${event}`] ?? SILENT_EVENTS[`${table}.${event}@${kind}`];
      if (!events.has(event) && !silent)
        problems.push(`${kind}: nothing tells of ${event} on ${table}`);
    }
  }
  for (const column of used) {
    const [table] = column.split('.') as [string];
    if (NEVER_CHANGE[column] || UNWATCHED_TABLES[table]) continue;
    const watched = (name: string) =>
      watches.some(
        (watch) =>
          watch.table === table &&
          watch.events.has('UPDATE') &&
          (watch.columns === 'all' || watch.columns.has(name.split('.')[1] as string)),
      );
    const sources = GENERATED[column];
    if (!watched(column) && !sources?.every(watched))
      problems.push(`${kind}: ${column} is read but no trigger watches it`);
  }
  return { problems, used };
}

describe('every kept answer is watched by triggers on every column it reads', () => {
  let owner: Awaited<ReturnType<typeof registerMember>>;
  let sender: Awaited<ReturnType<typeof registerMember>>;
  let itemId: number;
  let offerId: number;
  let categoryId: number;

  beforeAll(async () => {
    owner = await registerMember(t.app);
    sender = await registerMember(t.app);
    const call = (cookie: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    const [category] = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    itemId = (
      await call(owner.cookie, 'POST', '/api/items', {
        title: 'Watched lamp',
        description: 'Bright',
        condition: 'good',
        categoryId: category.id,
        location: 'Leeds',
      })
    ).json().id;
    expect(itemId).toEqual(expect.any(Number));
    categoryId = category.id;
    const offered = (
      await call(sender.cookie, 'POST', '/api/items', {
        title: 'Offered kettle',
        description: 'Whistles',
        condition: 'good',
        categoryId: category.id,
      })
    ).json().id;
    const offer = await call(sender.cookie, 'POST', '/api/swap-requests', {
      itemId,
      offeredItemId: offered,
      message: 'Swap?',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    offerId = offer.json().id;
    await call(owner.cookie, 'POST', `/api/swap-requests/${offerId}/messages`, { content: 'Hi' });
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('listings: browse and search pages, facets and a single listing (migration 0022)', async () => {
    const reads = await readsOf(async () => {
      for (const url of [
        '/api/items',
        '/api/items?search=lamp',
        `/api/items?search=lamp&categoryId=${categoryId}&condition=good`,
        '/api/items?near=Leeds&radius=25',
        '/api/items/facets?search=lamp',
        `/api/items/${itemId}`,
      ]) {
        expect((await get(url)).statusCode).toBe(200);
      }
    });
    const { problems, used } = await unwatched('listings', reads);
    expect(used).toContain('items.title');
    expect(used).toContain('users.nickname');
    expect(used).toContain('feedback.rating');
    expect(problems).toEqual([]);
  });

  it('offers: a member’s pages of offers and of a chat (migrations 0019, 0021, 0022)', async () => {
    const { findChatPageFor, findSwapRequestsPageJson } = await import(
      './features/swaps/swaps.queries.js'
    );
    const reads = await readsOf(async () => {
      expect(
        await findSwapRequestsPageJson(t.db, owner.user.id, { limit: 25, offset: 0 }),
      ).toContain('Watched lamp');
      // The other shapes of page: further on, before an offer, with one member.
      await findSwapRequestsPageJson(t.db, owner.user.id, { limit: 5, offset: 5 });
      await findSwapRequestsPageJson(t.db, owner.user.id, {
        limit: 25,
        offset: 0,
        before: offerId,
      });
      await findSwapRequestsPageJson(t.db, owner.user.id, {
        limit: 25,
        offset: 0,
        with: sender.user.id,
      });
      expect((await findChatPageFor(t.db, offerId, owner.user.id, { limit: 50 }))?.page).toContain(
        'Hi',
      );
    });
    const { problems, used } = await unwatched('offers', reads);
    expect(used).toContain('swap_requests.status');
    expect(used).toContain('messages.content');
    // Every listing of an offer, and a counter-offer's changes (issue 38, migration 0030).
    expect(used).toContain('swap_request_items.item_id');
    expect(used).toContain('swap_request_items.side');
    expect(problems).toEqual([]);
  });

  it('sessions: a signed-in request’s session and account (migrations 0018, 0022)', async () => {
    const { findSessionUser } = await import('./infra/session-store.js');
    const token = /sm_sid=([^.;]+)/.exec(owner.cookie)?.[1] ?? '';
    expect(token).not.toBe('');
    const reads = await readsOf(() =>
      findSessionUser(t.db, t.app.sessionDeps.cache, token, t.config.session),
    );
    const { problems, used } = await unwatched('sessions', reads);
    expect(used).toContain('users.suspended_at');
    expect(used).toContain('sessions.sess');
    expect(problems).toEqual([]);
  });

  it('rankings: a search’s kept ranking (migration 0020’s log)', async () => {
    const reads = await readsOf(async () => {
      expect((await get('/api/items?search=watched')).statusCode).toBe(200);
    });
    const ranking = reads.filter(({ text }) => text.includes('pg_current_snapshot'));
    const { problems, used } = await unwatched('rankings', ranking);
    expect(used).toContain('items.search_vector');
    expect(problems).toEqual([]);
  });

  it('fails when a trigger stops watching a column a page reads', async () => {
    const { findSwapRequestsPageJson } = await import('./features/swaps/swaps.queries.js');
    const { rows } = await t.db.$client.query<{ source: string }>(
      `select prosrc as source from pg_proc where proname = 'offers_cache_items_changed'`,
    );
    const source = rows[0]?.source ?? '';
    expect(source).toContain('n."title", ');
    // As if a migration forgot the title: the same trigger, blind to it.
    const blind = source.replaceAll('n."title", ', '').replaceAll('o."title", ', '');
    await t.db.$client.query(
      `create or replace function offers_cache_items_changed() returns trigger language plpgsql as $fn$${blind}$fn$`,
    );
    const reads = await readsOf(() =>
      findSwapRequestsPageJson(t.db, owner.user.id, { limit: 25, offset: 0 }),
    );
    expect((await unwatched('offers', reads)).problems).toEqual([
      'offers: items.title is read but no trigger watches it',
    ]);
  });

  it('fails when nothing tells of a change to the listings an offer names', async () => {
    const { findSwapRequestsPageJson } = await import('./features/swaps/swaps.queries.js');
    await t.db.$client.query(
      'drop trigger swap_request_items_offers_cache_updated on swap_request_items',
    );
    const reads = await readsOf(() =>
      findSwapRequestsPageJson(t.db, owner.user.id, { limit: 25, offset: 0 }),
    );
    const { problems } = await unwatched('offers', reads);
    expect(problems).toContain('offers: nothing tells of UPDATE on swap_request_items');
    expect(problems).toContain(
      'offers: swap_request_items.item_id is read but no trigger watches it',
    );
  });
});
