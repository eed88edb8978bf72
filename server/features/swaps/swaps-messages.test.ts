import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { registerMember } from '../../testing/app.js';
import {
  call,
  listItem,
  offer,
  offerer,
  owner,
  setUpSwapsApp,
  stranger,
  t,
} from './swaps.fixtures.js';
import { presentMessage } from './swaps.presenter.js';
import { findMessage } from './swaps.queries.js';

setUpSwapsApp();

describe('messages', () => {
  it('lets the two parties talk, marks messages read when the chat says so, and keeps others out', async () => {
    const request = await offer((await listItem()).id);
    const url = `/api/swap-requests/${request.id}/messages`;
    const sent = await call('POST', url, offerer, { content: '  Is it still available?  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      content: 'Is it still available?',
      fromUser: { id: offerer.user.id },
      isRead: false,
    });

    const listed = (await call('GET', '/api/swap-requests', owner))
      .json()
      .find((r: { id: number }) => r.id === request.id);
    expect(listed.unreadCount).toBe(1);
    const thread = (await call('GET', url, owner)).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Is it still available?']);
    // Reading changes nothing (issue 17): the chat marks what it showed with a POST.
    const unread = async () =>
      (await call('GET', '/api/swap-requests', owner))
        .json()
        .find((r: { id: number }) => r.id === request.id).unreadCount;
    expect(await unread()).toBe(1);
    expect((await call('GET', url, offerer)).json()[0].isRead).toBe(false);
    const marked = await call('POST', `${url}/read`, owner);
    expect(marked.json()).toEqual({ read: 1 });
    expect(await unread()).toBe(0);
    expect((await call('GET', url, offerer)).json()[0].isRead).toBe(true);
    // The author's own messages are not theirs to mark; a stranger is not a party.
    expect((await call('POST', `${url}/read`, offerer)).json()).toEqual({ read: 0 });
    expect((await call('POST', `${url}/read`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `${url}/read`)).statusCode).toBe(401);

    expect((await call('POST', url, owner, { content: 'Yes!' })).statusCode).toBe(201);
    expect((await call('POST', url, owner, { content: '   ' })).json()).toEqual({
      message: 'Please enter a message.',
    });
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('POST', url, stranger, { content: 'Let me in' })).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('pages back through a long chat with `before`, in order even when messages share a moment', async () => {
    const request = await offer((await listItem()).id);
    const url = `/api/swap-requests/${request.id}/messages`;
    const ids: number[] = [];
    for (const content of ['one', 'two', 'three', 'four', 'five']) {
      ids.push(
        (await call('POST', url, content.length % 2 ? offerer : owner, { content })).json().id,
      );
    }
    // Sent within one instant: the id breaks the tie, as it does in the index.
    await t.db
      .update(messages)
      .set({ createdAt: new Date('2026-01-01T12:00:00Z') })
      .where(eq(messages.swapRequestId, request.id));
    const page = async (query: string) =>
      (await call('GET', `${url}?${query}`, owner))
        .json()
        .map((m: { content: string }) => m.content);
    expect(await page('limit=2')).toEqual(['four', 'five']);
    expect(await page(`limit=2&before=${ids[3]}`)).toEqual(['two', 'three']);
    expect(await page(`limit=2&before=${ids[1]}`)).toEqual(['one']);
    expect(await page(`limit=2&before=${ids[0]}`)).toEqual([]);

    // A message of another chat names no place in this one.
    const other = await offer((await listItem()).id);
    const elsewhere = (
      await call('POST', `/api/swap-requests/${other.id}/messages`, offerer, { content: 'hi' })
    ).json().id;
    expect(await page(`before=${elsewhere}`)).toEqual([]);
    expect((await call('GET', `${url}?before=abc`, owner)).json()).toEqual({
      message: 'before must be a message id',
    });
    expect((await call('GET', `${url}?before=0`, owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}?before=${ids[3]}`, stranger)).statusCode).toBe(404);
  });
  it('answers every message of a page as the presenter shapes it alone (the page is built by PostgreSQL)', async () => {
    const [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
    const request = await offer((await listItem(ann)).id, bob);
    const url = `/api/swap-requests/${request.id}/messages`;
    const ids: number[] = [];
    for (const [who, content] of [
      [bob, 'Line one\nline "two"\ttabbed \\ back'],
      [ann, 'Émail, ünïcode — and <b>tags</b> & 🎸'],
      [bob, 'Three'],
    ] as const) {
      ids.push((await call('POST', url, who, { content })).json().id);
    }
    // Names JSON must escape, and a member who has not verified (isMember false).
    await t.db
      .update(users)
      .set({ nickname: 'Bob "the \\ builder" 🎸', lastName: null, emailVerifiedAt: null })
      .where(eq(users.id, bob.user.id));
    // Microseconds in the clock: the page writes milliseconds as Date.toISOString does.
    await t.db
      .update(messages)
      .set({ createdAt: new Date('2026-03-04T05:06:07.999Z') })
      .where(eq(messages.id, ids[0] as number));
    await t.db.execute(
      sql`update messages set created_at = created_at + interval '999 microseconds' where id = ${ids[0]}`,
    );
    expect((await call('POST', `${url}/read`, ann)).json()).toEqual({ read: 2 });

    const alone = async (id: number) => {
      const row = await findMessage(t.db, id);
      return presentMessage(row as NonNullable<typeof row>);
    };
    for (const who of [ann, bob]) {
      const page = (await call('GET', url, who)).json();
      expect(page).toStrictEqual([
        await alone(ids[0] as number),
        await alone(ids[1] as number),
        await alone(ids[2] as number),
      ]);
      expect(Object.keys(page[0])).toEqual(Object.keys(await alone(ids[0] as number)));
      expect(Object.keys(page[0].fromUser)).toEqual(
        Object.keys((await alone(ids[0] as number)).fromUser),
      );
      const older = (await call('GET', `${url}?before=${ids[2]}&limit=1`, who)).json();
      expect(older).toStrictEqual([await alone(ids[1] as number)]);
    }
    const first = (await call('GET', url, ann)).json()[0];
    expect(first).toMatchObject({
      createdAt: '2026-03-04T05:06:07.999Z',
      isRead: true,
      fromUser: { nickname: 'Bob "the \\ builder" 🎸', lastName: null, isMember: false },
    });
  });
});
