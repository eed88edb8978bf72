import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { eventually, startInstance, type TestInstance } from '../../testing/instances.js';
import { follow, heldAs, list } from '../../testing/offers-across.js';
import type { ItemChange } from '../items/listing-changes.js';

/**
 * Two real instances on loopback; the receiver applies what the sender sends on an inbox thread
 * of its own (FEDERATION_INBOX_THREADS, server/infra/lane-threads.ts), as main.ts starts it. A
 * listing change applied on that thread is never heard by the main thread's listeners: that is
 * how these tests tell which thread applied an activity.
 */
let sender: TestInstance;
let receiver: TestInstance;
const heardOnMain: ItemChange[] = [];

beforeAll(async () => {
  [sender, receiver] = await Promise.all([
    startInstance('sender'),
    startInstance('receiver', {}, { inboxThreads: 1 }),
  ]);
  receiver.app.hooks.on('item.changed', async (_tx, change) => void heardOnMain.push(change));
  await follow(receiver, sender);
}, 60_000);
afterAll(async () => {
  await Promise.all([sender?.close(), receiver?.close()]);
});

/** A member of the sender lists `title`: the receiver's local id of it, once it has arrived. */
async function arrived(title: string) {
  const id = await list(sender, await registerMember(sender.app), title);
  return heldAs(receiver, sender, id, title);
}

describe('an inbox thread', () => {
  it("applies other instances' activities off the main thread", async () => {
    await eventually('the inbox thread running', async () => (receiver.lanes?.running() ?? 0) > 0);
    const id = await arrived('Threaded teapot');
    expect(heardOnMain.filter((change) => change.itemId === id)).toEqual([]);
  });

  it('leaves the lane to the main thread while no thread is up, so nothing waits', async () => {
    await receiver.lanes?.stop();
    expect(receiver.lanes?.running()).toBe(0);
    const id = await arrived('Fallback kettle');
    expect(heardOnMain.some((change) => change.itemId === id)).toBe(true);
  });
});
