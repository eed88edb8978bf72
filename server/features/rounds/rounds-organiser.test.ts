import { describe, expect, it } from 'vitest';
import type { Round } from '../../../shared/rounds.js';
import { createListing } from '../matching/matching.testing.js';
import {
  admin,
  ann,
  bob,
  cat,
  closeEntries,
  enter,
  itemRow,
  type Member,
  newRound,
  org,
  putWants,
  request,
  setUpRoundsApp,
  t,
} from './rounds.fixtures.js';

setUpRoundsApp();

describe('organiser and admin', () => {
  it('closing a round early releases its entries; only the organiser or an admin may', async () => {
    const round = await newRound();
    const { itemId } = await enter(ann, round.id, 'Splendor');
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, ann, { action: 'close' })).statusCode,
    ).toBe(403);
    const closed = await request('PATCH', `/api/rounds/${round.id}`, org, {
      action: 'close',
      reason: 'Too few entries',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      phase: 'closed',
      closedReason: 'Too few entries',
      actions: ['export'],
    });
    expect((await itemRow(itemId))?.reservedBy).toBeNull();
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, org, { action: 'close' })).statusCode,
    ).toBe(409);
  });

  it('an admin hides a round: gone for everyone but admins and the organiser', async () => {
    const round = await newRound();
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, org, { action: 'hide' })).statusCode,
    ).toBe(403);
    expect(
      (await request('PATCH', `/api/rounds/${round.id}`, admin, { action: 'hide' })).statusCode,
    ).toBe(200);
    expect((await request('GET', `/api/rounds/${round.id}`, ann)).statusCode).toBe(404);
    expect((await request('GET', `/api/rounds/${round.id}`, null)).statusCode).toBe(404);
    expect((await request('GET', `/api/rounds/${round.id}`, org)).statusCode).toBe(200);
    expect((await request('GET', `/api/rounds/${round.id}`, admin)).json().hidden).toBe(true);
    const listed = (await request('GET', '/api/rounds', ann)).json() as Round[];
    expect(listed.some((r) => r.id === round.id)).toBe(false);
  });

  it('imports a want-list file into the wants phase, skipping what it cannot use', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Agricola');
    const b = await enter(bob, round.id, 'Caylus');
    const c = await enter(cat, round.id, 'Brass');
    const file = [
      '#! REQUIRE-COLONS REQUIRE-USERNAMES ALLOW-DUMMIES',
      `(${ann.input.nickname}) ${a.entryId} : ${b.entryId} %GAME`,
      `(${ann.input.nickname}) %GAME : ${c.entryId}`,
      `(${bob.input.nickname}) ${b.entryId} : ${a.entryId} 424242`,
      `(someone) ${c.entryId} : ${a.entryId}`,
    ].join('\n');
    const early = await request('POST', `/api/rounds/${round.id}/want-list`, org, { text: file });
    expect(early.statusCode).toBe(409);
    await closeEntries(round.id);
    expect(
      (await request('POST', `/api/rounds/${round.id}/want-list`, ann, { text: file })).statusCode,
    ).toBe(403);
    const imported = await request('POST', `/api/rounds/${round.id}/want-list`, org, {
      text: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().updated).toBe(2);
    expect(imported.json().warnings.join('\n')).toMatch(/belongs to/);
    const annWants = (await request('GET', `/api/rounds/${round.id}/wants`, ann)).json();
    expect(annWants.entries[0].wants).toEqual([b.entryId, [c.entryId]]);
    const bobWants = (await request('GET', `/api/rounds/${round.id}/wants`, bob)).json();
    expect(bobWants.entries[0].wants).toEqual([a.entryId]);
    expect((await request('GET', `/api/rounds/${round.id}/want-list`, ann)).statusCode).toBe(403);
  });

  it('an import leaves the wants a member set in the app unless they let the organiser, and tells those whose list it changed', async () => {
    const round = await newRound();
    const a = await enter(ann, round.id, 'Tzolkin');
    const b = await enter(bob, round.id, 'Orleans');
    // Cat lets the organiser set her entry's wants, whatever she sets herself.
    const catsItem = await createListing(t.app, cat.cookie, { title: 'Concordia' });
    const entered = await request('POST', `/api/rounds/${round.id}/entries`, cat, {
      itemId: catsItem,
      organiserSetsWants: true,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const c = { entryId: entered.json().id as number };
    await closeEntries(round.id);
    expect((await putWants(ann, round.id, a.entryId, [c.entryId])).statusCode).toBe(200);
    expect((await putWants(cat, round.id, c.entryId, [b.entryId])).statusCode).toBe(200);
    const file = [
      '#! REQUIRE-COLONS REQUIRE-USERNAMES',
      `(${ann.input.nickname}) ${a.entryId} : ${b.entryId}`,
      `(${bob.input.nickname}) ${b.entryId} : ${a.entryId}`,
      `(${cat.input.nickname}) ${c.entryId} : ${a.entryId}`,
    ].join('\n');
    const imported = await request('POST', `/api/rounds/${round.id}/want-list`, org, {
      text: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ updated: 2, keptByOwner: 1 });
    const wantsOf = async (who: Member) =>
      (await request('GET', `/api/rounds/${round.id}/wants`, who)).json().entries[0].wants;
    expect(await wantsOf(ann)).toEqual([c.entryId]);
    expect(await wantsOf(bob)).toEqual([a.entryId]);
    expect(await wantsOf(cat)).toEqual([a.entryId]);

    const importNotes = async (who: Member) =>
      (
        (await request('GET', '/api/notifications', who)).json().items as Array<{
          type: string;
          text: string;
          link: string;
        }>
      ).filter(
        (n) =>
          n.type === 'round' && /imported file/.test(n.text) && n.link === `/rounds/${round.id}`,
      );
    expect(await importNotes(ann)).toEqual([]);
    for (const who of [bob, cat]) {
      const notes = await importNotes(who);
      expect(notes.map((n) => [n.text, n.link])).toEqual([
        [
          'The organiser of the swap round “Board game math trade” set the want list of your entry from an imported file',
          `/rounds/${round.id}`,
        ],
      ]);
    }
    // Imported again, nothing changes: the counts say so, and nobody is told again.
    const again = await request('POST', `/api/rounds/${round.id}/want-list`, org, { text: file });
    expect(again.json()).toMatchObject({ updated: 2, keptByOwner: 1 });
  });

  it('results are refused before solving', async () => {
    const round = await newRound();
    for (const path of ['loops', 'report', 'trades']) {
      const response = await request('GET', `/api/rounds/${round.id}/${path}`, ann);
      expect(response.statusCode, path).toBe(409);
      expect(response.json().message).toMatch(/no results yet/);
    }
  });
});
