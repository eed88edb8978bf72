import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { createListing } from '../matching/matching.testing.js';
import {
  ann,
  bob,
  closeEntries,
  enter,
  itemRow,
  newRound,
  org,
  putWants,
  request,
  roundOf,
  setUpRoundsApp,
  t,
} from './rounds.fixtures.js';

setUpRoundsApp();

describe('entries', () => {
  it('holds an entered listing for the round and frees it when withdrawn', async () => {
    const round = await newRound();
    const { itemId, entryId } = await enter(ann, round.id, 'Ticket to Ride');
    expect((await itemRow(itemId))?.reservedBy).toBe(`round:${round.id}`);
    const entries = (await request('GET', `/api/rounds/${round.id}/entries`, null)).json();
    expect(entries).toEqual([expect.objectContaining({ id: entryId })]);
    expect((await roundOf(round.id, ann)).myEntryCount).toBe(1);
    // Another round cannot take it meanwhile, nor can the entry be removed by someone else.
    const other = await newRound();
    const taken = await request('POST', `/api/rounds/${other.id}/entries`, ann, { itemId });
    expect(taken.statusCode).toBe(409);
    const foreign = await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, bob);
    expect(foreign.statusCode).toBe(403);
    const removed = await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, ann);
    expect(removed.statusCode).toBe(200);
    expect((await itemRow(itemId))?.reservedBy).toBeNull();
  });

  it('tells every open page, live, when an entry comes or goes and when the round changes', async () => {
    const round = await newRound();
    // Bob is no participant: a round's page is public, and his open page refreshes too.
    const stream = await openEventStream(await listenOnLoopback(t.app), bob.cookie);
    const isThisRound = (e: { type: string; roundId?: number }) =>
      e.type === 'round' && e.roundId === round.id;
    try {
      const { entryId } = await enter(ann, round.id, 'Carcassonne');
      await stream.next(isThisRound);
      await request('DELETE', `/api/rounds/${round.id}/entries/${entryId}`, ann);
      await stream.next(isThisRound);
      expect((await closeEntries(round.id)).statusCode).toBe(200);
      await stream.next(isThisRound);
    } finally {
      stream.close();
    }
  });

  it("refuses someone else's listing, a listing twice, and entries after they close", async () => {
    const round = await newRound();
    const itemId = await createListing(t.app, ann.cookie, { title: 'Pandemic' });
    const foreign = await request('POST', `/api/rounds/${round.id}/entries`, bob, { itemId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/your own listings/);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId })).statusCode,
    ).toBe(201);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId })).statusCode,
    ).toBe(409);
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, null, { itemId })).statusCode,
    ).toBe(401);
    await closeEntries(round.id);
    const late = await enter(bob, round.id, 'Late').catch(() => null);
    expect(late).toBeNull();
    const itemId2 = await createListing(t.app, bob.cookie, { title: 'Late 2' });
    const closed = await request('POST', `/api/rounds/${round.id}/entries`, bob, {
      itemId: itemId2,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/Entries are closed/);
  });

  it('refuses a give-away (its owner wants nothing back) with the reason, and holds nothing', async () => {
    const round = await newRound();
    const made = await request('POST', '/api/items', ann, {
      title: 'Jigsaw puzzle',
      description: 'All pieces there',
      condition: 'good',
      mode: 'giveaway',
    });
    expect(made.statusCode, made.body).toBe(201);
    const itemId = made.json().id as number;
    const refused = await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '“Jigsaw puzzle” is a give-away: its owner asks for nothing in return, so it cannot be entered in a round',
    );
    expect((await itemRow(itemId))?.reservedBy).toBeNull();
    expect((await roundOf(round.id, ann)).myEntryCount).toBe(0);
    // Someone else's give-away is refused as someone else's listing first.
    const foreign = await request('POST', `/api/rounds/${round.id}/entries`, bob, { itemId });
    expect(foreign.statusCode).toBe(403);
    // Made a swap again, it may enter; entered, its owner cannot make it a give-away.
    const edit = (mode: string) =>
      request('PUT', `/api/items/${itemId}`, ann, {
        title: 'Jigsaw puzzle',
        description: 'All pieces there',
        condition: 'good',
        categoryId: '7',
        mode,
      });
    expect((await edit('swap')).statusCode).toBe(200);
    const entered = await request('POST', `/api/rounds/${round.id}/entries`, ann, { itemId });
    expect(entered.statusCode, entered.body).toBe(201);
    const held = await edit('giveaway');
    expect(held.statusCode).toBe(409);
    expect((await itemRow(itemId))?.mode).toBe('swap');
  });

  it('keeps a verified-members round to verified members', async () => {
    const round = await newRound({ joinPolicy: 'verified' });
    const itemId = await createListing(t.app, bob.cookie, { title: 'Dixit' });
    const refused = await request('POST', `/api/rounds/${round.id}/entries`, bob, { itemId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/verified members only/);
    const ownId = await createListing(t.app, org.cookie, { title: 'Codenames' });
    expect(
      (await request('POST', `/api/rounds/${round.id}/entries`, org, { itemId: ownId })).statusCode,
    ).toBe(201);
  });
});

describe('wants', () => {
  it('are ranked in the wants phase only, for your own entries, naming others’ entries once', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Root');
    const a2 = await enter(ann, round.id, 'Wingspan');
    const b = await enter(bob, round.id, 'Everdell');
    const early = await putWants(ann, round.id, a.entryId, [b.entryId]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still taking entries/);
    await closeEntries(round.id);
    const told = (await request('GET', '/api/notifications', bob)).json();
    expect(JSON.stringify(told)).toMatch(/is open: add your want lists/);
    expect((await putWants(bob, round.id, a.entryId, [b.entryId])).statusCode).toBe(403);
    expect((await putWants(ann, round.id, a.entryId, [a2.entryId])).statusCode).toBe(400);
    expect((await putWants(ann, round.id, a.entryId, [b.entryId, [b.entryId]])).statusCode).toBe(
      400,
    );
    expect((await putWants(ann, round.id, a.entryId, [999999])).statusCode).toBe(400);
    expect((await putWants(ann, round.id, 999999, [b.entryId])).statusCode).toBe(404);
    expect((await putWants(ann, round.id, a.entryId, ['x'])).statusCode).toBe(400);
    const ok = await putWants(ann, round.id, a.entryId, [[b.entryId]]);
    expect(ok.statusCode).toBe(200);
    const mine = (await request('GET', `/api/rounds/${round.id}/wants`, ann)).json();
    expect(mine.entries).toEqual([
      { entryId: a.entryId, wants: [[b.entryId]] },
      { entryId: a2.entryId, wants: [] },
    ]);
    expect((await request('GET', `/api/rounds/${round.id}/wants`, null)).statusCode).toBe(401);
  });
});
