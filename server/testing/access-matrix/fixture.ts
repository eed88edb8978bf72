import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { CircleFacts } from '../../../shared/policies/circles.js';
import type { Actor } from '../../../shared/policies/decision.js';
import type { ItemFacts } from '../../../shared/policies/items.js';
import type { RoundFacts } from '../../../shared/policies/rounds.js';
import type { SwapFacts } from '../../../shared/policies/swaps.js';
import { rounds } from '../../db/schema/rounds.js';
import { users } from '../../db/schema/users.js';
import { createSession } from '../../infra/session-store.js';
import { createTestApp, listenOnLoopback, registerMember, type TestApp } from '../app.js';
import { openEventStream } from '../event-stream.js';
import { jpegDataUrl } from '../images.js';

/**
 * The access matrix's app, its members (owner, other, admin, and the sender and third member of
 * offers and circles) and a fresh fixture per cell: a listing with a photo, an offer on it, its
 * reports and a saved search, and for the circle and round routes a circle and a round. The
 * members and `t` are set by `setUpAccessMatrix()`'s beforeAll.
 */

export type Role = 'visitor' | 'owner' | 'other' | 'admin';
export type Fixture = {
  itemId: number;
  imageUrl: string;
  swapId: number;
  reportId: number;
  memberReportId: number;
  savedSearchId: number;
  ownerId: string;
  senderId: string;
  item: ItemFacts;
  swap: SwapFacts;
  /** Made for the circle routes only: owner, sender and a third member in a proposed loop. */
  circleId: number;
  circle: CircleFacts;
  /** Another loop through the owner's listing, the sender's and the third member's. */
  loopIds: number[];
  loopOwners: string[];
  /** Made for the round routes only: the owner organises it and has entered one listing. */
  roundId: number;
  entryId: number;
  round: RoundFacts;
};

export let t: TestApp;
export const ownerLogin = { email: '', password: '' };
const ids: Record<string, string> = {};
let senderCookie = '';
let thirdCookie = '';
/** A listing of the offers' sender, for counter-offers to ask for. */
export let senderItemId = 0;
let photo = '';

export function setUpAccessMatrix(): void {
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'matrix-admin@example.com', RATE_LIMITS: 'false' });
    const owner = await registerMember(t.app);
    ids.owner = owner.user.id;
    Object.assign(ownerLogin, { email: owner.input.email, password: owner.input.password });
    ids.other = (await registerMember(t.app)).user.id;
    ids.admin = (await registerMember(t.app, { email: 'matrix-admin@example.com' })).user.id;
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, ids.admin ?? ''));
    const sender = await registerMember(t.app);
    senderCookie = sender.cookie;
    ids.sender = sender.user.id;
    const third = await registerMember(t.app);
    thirdCookie = third.cookie;
    ids.third = third.user.id;
    senderItemId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie: senderCookie },
        payload: { title: 'Matrix drum', description: 'Loud', condition: 'good' },
      })
    ).json().id;
    photo = await jpegDataUrl(60, 60);
  });
  afterAll(() => t.close());
}

/** A fresh session per cell, so a logout or a deletion in one cell cannot change another. */
export async function cookieFor(role: Role): Promise<Record<string, string>> {
  if (role === 'visitor') return {};
  const token = await createSession(t.db, ids[role] ?? '', t.config.session);
  return { cookie: `sm_sid=${t.app.signCookie(token)}` };
}

async function listingOf(cookie: Record<string, string>, title: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: cookie,
    payload: { title, description: 'For a circle', condition: 'good' },
  });
  return response.json().id;
}

/** Each listing's owner wants the next listing of the loop (and the last the first). */
async function wantInLoop(loop: Array<[Record<string, string>, number]>): Promise<void> {
  for (const [k, [cookie, itemId]] of loop.entries()) {
    const next = loop[(k + 1) % loop.length]?.[1];
    await t.app.inject({
      method: 'PUT',
      url: `/api/items/${itemId}/wants`,
      headers: cookie,
      payload: { itemIds: [next] },
    });
  }
  // The graph follows wants after they commit: the circle routes need its edges.
  await t.app.wantGraph.settle();
}

/** A proposed circle (the third member proposed it; the owner and the sender are asked). */
async function circleFixture(itemId: number) {
  const owner = await cookieFor('owner');
  const sender = { cookie: senderCookie };
  const third = { cookie: thirdCookie };
  const proposed = [
    itemId,
    await listingOf(sender, 'Circle book'),
    await listingOf(third, 'Circle game'),
  ];
  await wantInLoop([
    [owner, itemId],
    [sender, proposed[1] as number],
    [third, proposed[2] as number],
  ]);
  const circle = (
    await t.app.inject({
      method: 'POST',
      url: '/api/circles',
      headers: third,
      payload: { itemIds: proposed },
    })
  ).json();
  const loopIds = [
    await listingOf(owner, 'Loop lamp'),
    await listingOf(sender, 'Loop book'),
    await listingOf(third, 'Loop game'),
  ];
  await wantInLoop(loopIds.map((id, k) => [[owner, sender, third][k] ?? owner, id]));
  const [ownerId, senderId, thirdId] = [ids.owner ?? '', ids.sender ?? '', ids.third ?? ''];
  return {
    circleId: circle.id as number,
    circle: {
      status: 'proposed' as const,
      expiresAt: new Date(circle.expiresAt),
      legs: [
        { giverId: ownerId, receiverId: thirdId, decision: 'pending' as const, receivedAt: null },
        { giverId: senderId, receiverId: ownerId, decision: 'pending' as const, receivedAt: null },
        { giverId: thirdId, receiverId: senderId, decision: 'accepted' as const, receivedAt: null },
      ],
    },
    loopIds,
    loopOwners: [ownerId, senderId, thirdId],
  };
}

const NO_CIRCLE = {
  circleId: 0,
  circle: { status: 'proposed' as const, expiresAt: new Date(0), legs: [] },
  loopIds: [],
  loopOwners: [],
};

/** A round the owner organises, taking entries, with one listing of the owner's entered. */
async function roundFixture() {
  const owner = await cookieFor('owner');
  const facts: RoundFacts = {
    organiserId: ids.owner ?? '',
    state: 'open',
    hidden: false,
    joinPolicy: 'anyone',
    entriesCloseAt: new Date(Date.now() + 3600_000),
    wantsCloseAt: new Date(Date.now() + 7200_000),
    shippingDeadline: new Date(Date.now() + 86400_000),
  };
  const [created] = await t.db
    .insert(rounds)
    .values({ ...facts, title: 'Matrix round', seed: 7 })
    .returning({ id: rounds.id });
  const roundId = created?.id ?? 0;
  const entry = (
    await t.app.inject({
      method: 'POST',
      url: `/api/rounds/${roundId}/entries`,
      headers: owner,
      payload: { itemId: await listingOf(owner, 'Round lamp') },
    })
  ).json();
  return { roundId, entryId: entry.id as number, round: facts };
}

const NO_ROUND = {
  roundId: 0,
  entryId: 0,
  round: {
    organiserId: '',
    state: 'open' as const,
    hidden: false,
    joinPolicy: 'anyone' as const,
    entriesCloseAt: new Date(0),
    wantsCloseAt: new Date(0),
    shippingDeadline: new Date(0),
  },
};

export async function freshFixture(withCircle = false, withRound = false): Promise<Fixture> {
  // A block set by an earlier cell would otherwise refuse this one's offers and messages.
  await t.db.execute(sql`delete from blocks`);
  const owner = await cookieFor('owner');
  const item = (
    await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: owner,
      payload: {
        title: 'Matrix kettle',
        description: 'Whistles',
        condition: 'good',
        images: [photo],
      },
    })
  ).json();
  const swap = (
    await t.app.inject({
      method: 'POST',
      url: '/api/swap-requests',
      headers: { cookie: senderCookie },
      payload: { itemId: item.id, message: 'Swap?' },
    })
  ).json();
  const report = (
    await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/report`,
      headers: { cookie: senderCookie },
      payload: { reason: 'Other' },
    })
  ).json();
  // The sender reports the owner once; later fixtures reuse that report, reopened.
  await t.app.inject({
    method: 'POST',
    url: `/api/users/${ids.owner}/report`,
    headers: { cookie: senderCookie },
    payload: { reason: 'other' },
  });
  const [memberReport] = (
    await t.db.execute<{ id: number }>(sql`
      update member_reports set status = 'pending'
      where member_id = ${ids.owner ?? ''} and reporter_id = ${ids.sender ?? ''} returning id`)
  ).rows;
  // One per fixture: the owner would otherwise reach the 50-alert limit across the cells.
  await t.db.execute(sql`delete from saved_searches where user_id = ${ids.owner ?? ''}`);
  const savedSearch = (
    await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner,
      payload: { search: 'matrix kettle', frequency: 'off' },
    })
  ).json();
  return {
    itemId: item.id,
    imageUrl: item.images[0],
    swapId: swap.id,
    reportId: report.id,
    savedSearchId: savedSearch.id,
    memberReportId: Number(memberReport?.id),
    ownerId: ids.owner ?? '',
    senderId: ids.sender ?? '',
    item: { userId: ids.owner ?? '', isActive: true },
    swap: { fromUserId: ids.sender ?? '', toUserId: ids.owner ?? '', status: 'pending' },
    ...(withCircle ? await circleFixture(item.id) : NO_CIRCLE),
    ...(withRound ? await roundFixture() : NO_ROUND),
  };
}

export function concreteUrl(pattern: string, f: Fixture): string {
  return pattern
    .replace(/^\/api\/images\/:id/, f.imageUrl)
    .replace(/^\/api\/(admin\/)?items\/:id/, (_m, admin = '') => `/api/${admin}items/${f.itemId}`)
    .replace('/api/swap-requests/:id', `/api/swap-requests/${f.swapId}`)
    .replace('/api/circles/:id', `/api/circles/${f.circleId}`)
    .replace('/api/rounds/:id', `/api/rounds/${f.roundId}`)
    .replace(':entryId', String(f.entryId))
    .replace('/api/admin/flagged-items/:id', `/api/admin/flagged-items/${f.reportId}`)
    .replace('/api/saved-searches/:id', `/api/saved-searches/${f.savedSearchId}`)
    .replace('/api/admin/member-reports/:id', `/api/admin/member-reports/${f.memberReportId}`)
    .replace('/api/users/:id/report', `/api/users/${f.ownerId}/report`)
    .replace(/:userId|:id(?=\/profile)/, f.ownerId)
    .replace('/api/users/:id', `/api/users/${f.ownerId}`)
    .replace(':kind', 'users')
    .replace(/:id/, '1');
}

export const ROLES = ['visitor', 'other', 'admin', 'owner'] as const;

export const actorFor = (role: Role): Actor | null =>
  role === 'visitor' ? null : { id: ids[role] ?? '', isAdmin: role === 'admin' };

export async function streamStatus(cookie: string | undefined) {
  const opened = await openEventStream(await listenOnLoopback(t.app), cookie);
  opened.close();
  return { statusCode: opened.status, body: '' };
}

export const registered = () => [
  ...new Set(
    (t?.app.routeTable ?? []).filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
  ),
];
