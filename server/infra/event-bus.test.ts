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
});
