import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { callAt, eventually, startInstance, type TestInstance } from '../../testing/instances.js';
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
  const followed = await callAt(
    receiver,
    'POST',
    '/api/admin/federation/instances',
    receiver.admin,
    { url: sender.url },
  );
  expect(followed.statusCode, followed.body).toBe(201);
  await eventually('the follow accepted', async () => {
    const [row] = (
      await callAt(receiver, 'GET', '/api/admin/federation/instances', receiver.admin)
    ).json() as Array<{ following: string }>;
    return row?.following === 'accepted';
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([sender?.close(), receiver?.close()]);
});

async function list(title: string) {
  const owner = await registerMember(sender.app);
  const [category] = (await callAt(sender, 'GET', '/api/categories')).json();
  const made = await callAt(sender, 'POST', '/api/items', owner, {
    title,
    description: `${title}, ready to swap`,
    condition: 'good',
    categoryId: category.id,
  });
  expect(made.statusCode, made.body).toBe(201);
}

/** The receiver's local id of the sender's listing titled `title`, once it has arrived. */
const arrived = (title: string) =>
  eventually(`${title} on the receiver`, async () => {
    const found = (
      await callAt(receiver, 'GET', `/api/items?search=${encodeURIComponent(title)}`)
    ).json() as Array<{ id: number; origin: unknown }>;
    return found.find((item) => item.origin !== null)?.id;
  });

describe('an inbox thread', () => {
  it("applies other instances' activities off the main thread", async () => {
    await eventually('the inbox thread running', async () => (receiver.lanes?.running() ?? 0) > 0);
    await list('Threaded teapot');
    const id = await arrived('Threaded teapot');
    expect(heardOnMain.filter((change) => change.itemId === id)).toEqual([]);
  });

  it('leaves the lane to the main thread while no thread is up, so nothing waits', async () => {
    await receiver.lanes?.stop();
    expect(receiver.lanes?.running()).toBe(0);
    await list('Fallback kettle');
    const id = await arrived('Fallback kettle');
    expect(heardOnMain.some((change) => change.itemId === id)).toBe(true);
  });
});
