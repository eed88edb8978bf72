import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createKeptNotices, EVERYONE } from './kept-notices.js';
import { createNotifyChannel, type NotifyChannel } from './notify-channel.js';

const quiet = { warn: () => {}, info: () => {} };
let database: TestDatabase;
let channel: NotifyChannel;

beforeAll(async () => {
  database = await createTestDatabase();
  channel = createNotifyChannel(database.db, quiet);
});
afterAll(async () => {
  await channel.close();
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept notices', () => {
  it('tell each kind’s keepers which key changed, or that everything did', async () => {
    const notices = createKeptNotices(channel);
    const offers: string[] = [];
    const sessions: string[] = [];
    notices.onChanged('offers', (key) => offers.push(key));
    notices.onChanged('sessions', (key) => sessions.push(key));
    notices.keepListening();
    await channel.listening();
    await channel.send({ kept: 'offers', of: 'member-1' });
    await channel.send({ kept: 'sessions', all: true });
    await channel.send({ kept: 'offers' });
    await channel.send({ something: 'else' });
    await notices.heard();
    expect(offers).toEqual(['member-1']);
    expect(sessions).toEqual([EVERYONE]);
  });

  it('heard() resolves only after the notices of every change committed before it', async () => {
    const notices = createKeptNotices(channel);
    const forgotten: string[] = [];
    notices.onChanged('probe', (key) => forgotten.push(key));
    await channel.listening();
    // A change committed by another connection, whose notice is still on its way.
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await channel.sendIn(tx, { kept: 'probe', of: `k${i}` });
    });
    await notices.heard();
    expect(forgotten).toHaveLength(50);
    expect(forgotten.at(-1)).toBe('k49');
  });

  it('forgets everything when the server cannot hear, and when it stops hearing', async () => {
    const deafDatabase = await createTestDatabase();
    const deaf = createNotifyChannel(deafDatabase.db, quiet);
    const notices = createKeptNotices(deaf);
    const forgotten: string[] = [];
    notices.onChanged('probe', (key) => forgotten.push(key));
    try {
      expect(notices.hearing()).toBe(false);
      await notices.heard();
      expect(forgotten).toEqual([EVERYONE]);
      await deaf.listening();
      expect(notices.hearing()).toBe(true);
      await deaf.close();
      expect(notices.hearing()).toBe(false);
      expect(forgotten).toEqual([EVERYONE, EVERYONE]);
    } finally {
      await deaf.close();
      await deafDatabase.drop();
    }
  });

  it('gives up waiting for a marker that never comes back, and forgets everything', async () => {
    const notices = createKeptNotices(channel, { heardTimeoutMs: 100 });
    const forgotten: string[] = [];
    notices.onChanged('probe', (key) => forgotten.push(key));
    await channel.listening();
    // A channel whose marker is sent nowhere: as a database that stopped delivering.
    const muted = createKeptNotices(
      { ...channel, send: async () => true },
      { heardTimeoutMs: 100 },
    );
    const mutedForgotten: string[] = [];
    muted.onChanged('probe', (key) => mutedForgotten.push(key));
    const started = Date.now();
    await muted.heard();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(mutedForgotten).toEqual([EVERYONE]);
    await notices.heard();
    await sleep(10);
    expect(forgotten).toEqual([]);
  });
});
