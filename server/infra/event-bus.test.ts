import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/events.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createStandaloneEventBus, type EventBus } from './event-bus.js';

const quiet = { warn: () => {}, info: () => {} };
let database: TestDatabase;
let bus: EventBus;

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createStandaloneEventBus(database.db, quiet, { itemsWindowMs: 400 });
});
afterAll(async () => {
  await bus.close();
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function collect(userId: string) {
  const received: LiveEvent[] = [];
  const unsubscribe = bus.subscribe(userId, { deliver: (e) => received.push(e), close: () => {} });
  return { received, unsubscribe };
}

describe('event bus', () => {
  it('delivers only to the members named, once each even when named twice', async () => {
    const alice = collect('alice');
    const bob = collect('bob');
    await bus.listening();
    await bus.publish(['alice', 'alice'], { type: 'swap-request', swapRequestId: 1 });
    await sleep(200);
    expect(alice.received).toEqual([{ type: 'swap-request', swapRequestId: 1 }]);
    expect(bob.received).toEqual([]);
    alice.unsubscribe();
    bob.unsubscribe();
    expect(bus.streamCount()).toBe(0);
  });

  it('announces changed listings at once, then at most once per window', async () => {
    const carol = collect('carol');
    await bus.listening();
    bus.itemsChanged();
    bus.itemsChanged();
    bus.itemsChanged();
    await sleep(200);
    expect(carol.received).toEqual([{ type: 'items-changed' }]);
    await sleep(500);
    // The changes made during the window are announced once, when it ends.
    expect(carol.received).toEqual([{ type: 'items-changed' }, { type: 'items-changed' }]);
    carol.unsubscribe();
  });

  it('holds a member’s events while their sessions are checked: the live get them in order, the ended none', async () => {
    const events: Record<string, LiveEvent[]> = { laptop: [], phone: [] };
    const closed: string[] = [];
    const unsubscribe = ['laptop', 'phone'].map((session) =>
      bus.subscribe('dora', {
        deliver: (e) => events[session]?.push(e),
        close: () => closed.push(session),
        sessionKey: session,
      }),
    );
    await bus.listening();
    let answer: (live: ReadonlySet<string>) => void = () => {};
    let asked: readonly string[] = [];
    const checked = bus.checkSessions('dora', (keys) => {
      asked = keys;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    await bus.publish(['dora'], { type: 'swap-request', swapRequestId: 1 });
    await bus.publish(['dora'], { type: 'swap-request', swapRequestId: 2 });
    await sleep(200);
    expect(events).toEqual({ laptop: [], phone: [] });
    expect([...asked].sort()).toEqual(['laptop', 'phone']);
    answer(new Set(['phone']));
    await checked;
    expect(closed).toEqual(['laptop']);
    expect(events.laptop).toEqual([]);
    expect(events.phone).toEqual([
      { type: 'swap-request', swapRequestId: 1 },
      { type: 'swap-request', swapRequestId: 2 },
    ]);
    for (const stop of unsubscribe) stop();
  });

  it('keeps the streams when the check fails (the database is away)', async () => {
    const received: LiveEvent[] = [];
    let closed = false;
    const unsubscribe = bus.subscribe('eve', {
      deliver: (e) => received.push(e),
      close: () => {
        closed = true;
      },
      sessionKey: 'tablet',
    });
    await bus.checkSessions('eve', () => Promise.reject(new Error('connection refused')));
    expect(closed).toBe(false);
    await bus.publish(['eve'], { type: 'matches' });
    await sleep(200);
    expect(received).toEqual([{ type: 'matches' }]);
    unsubscribe();
  });
});
