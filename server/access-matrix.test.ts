import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CircleFacts,
  canDecideCircle,
  canProposeCircle,
  canViewCircle,
} from '../shared/policies/circles.js';
import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  firstRefusal,
  refuse,
  requireActor,
} from '../shared/policies/decision.js';
import {
  canCreateItem,
  canDeleteItem,
  canEditItem,
  canOfferOn,
  canSaveItems,
  FULL_ITEM_EDIT,
  type ItemFacts,
} from '../shared/policies/items.js';
import { canSetWants, canSwapFor, canViewMatches } from '../shared/policies/matching.js';
import {
  canBlockMember,
  canHandleMemberReport,
  canReportMember,
} from '../shared/policies/members.js';
import {
  canChangeNotificationSettings,
  canReadNotifications,
} from '../shared/policies/notifications.js';
import { canEditProfile } from '../shared/policies/profiles.js';
import { canManagePushSubscriptions } from '../shared/policies/push.js';
import { canReportItem, canResolveReport } from '../shared/policies/reports.js';
import {
  canCloseEntries,
  canCreateRound,
  canEnterListing,
  canEnterRound,
  canExportWants,
  canImportWants,
  canMarkTrade,
  canRankWants,
  canReadMyTrades,
  canReadMyWants,
  canSolveRound,
  canViewResults,
  canViewRound,
  canWithdrawEntry,
  type RoundFacts,
} from '../shared/policies/rounds.js';
import {
  canChangeSavedSearch,
  canListSavedSearches,
  canSaveSearch,
} from '../shared/policies/saved-searches.js';
import {
  canCounterSwap,
  canDeleteFeedback,
  canDeleteMessage,
  canMessageSwap,
  canMoveSwap,
  canProposeOffer,
  canRateSwap,
  canViewSwap,
  type SwapFacts,
} from '../shared/policies/swaps.js';
import { rounds } from './db/schema/rounds.js';
import { users } from './db/schema/users.js';
import { METRICS_OFF } from './features/health/metrics.routes.js';
import { createSession } from './infra/session-store.js';
import {
  createTestApp,
  listenOnLoopback,
  memberInput,
  registerMember,
  type TestApp,
} from './testing/app.js';
import { openEventStream } from './testing/event-stream.js';
import { jpegDataUrl } from './testing/images.js';
import { browserKeys } from './testing/push-service.js';

/**
 * Every route the app registers × {visitor, owner, other member, admin}. Each route names the
 * policy that decides it (shared/policies), evaluated on the cell's fixture: a refusal must come
 * back with the policy's status, an allowance must not be refused. A route without an entry here
 * fails the test, so a new route cannot slip past its access rules.
 */
type Role = 'visitor' | 'owner' | 'other' | 'admin';
type Fixture = {
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
type Decide = (actor: Actor | null, f: Fixture) => Decision;

const everyone: Decide = () => ALLOWED;
const members: Decide = (actor) => requireActor(actor);
const admins: Decide = (actor) => canModerate(actor);

const EXPECTATIONS: Record<
  string,
  { decide: Decide; body?: (f: Fixture) => object; stream?: true }
> = {
  'GET /healthz': { decide: everyone },
  'GET /readyz': { decide: everyone },
  'GET /api/health': { decide: everyone },
  // Off here (no METRICS_TOKEN): 404 for everyone, admins too. With a token, a bearer token and
  // never a session decides (server/features/health/metrics.routes.test.ts).
  'GET /metrics': { decide: () => refuse(404, METRICS_OFF) },
  'GET /api/openapi.json': { decide: everyone },
  'GET /api/docs': { decide: everyone },
  'GET /api/config': { decide: everyone },
  'GET /api/auth/user': { decide: members },
  'POST /api/register': { decide: everyone, body: () => memberInput() },
  'POST /api/login': {
    decide: everyone,
    body: () => ({ email: ownerLogin.email, password: ownerLogin.password }),
  },
  'POST /api/logout': { decide: everyone },
  'GET /api/logout': { decide: everyone },
  'POST /api/request-password-reset': {
    decide: everyone,
    body: () => ({ email: 'nobody@example.com' }),
  },
  'POST /api/confirm-reset-password': {
    decide: everyone,
    body: () => ({ token: 'x', newPassword: 'secret12' }),
  },
  'POST /api/verify-email': { decide: everyone, body: () => ({ token: 'x' }) },
  'POST /api/resend-verification': { decide: members },
  'GET /api/categories': { decide: everyone },
  'GET /api/items': { decide: everyone },
  'GET /api/items/facets': { decide: everyone },
  'GET /api/items/:id': { decide: everyone },
  'POST /api/items': {
    decide: (actor) => canCreateItem(actor),
    body: () => ({ title: 'Matrix lamp', description: 'Bright', condition: 'good' }),
  },
  'PUT /api/items/:id': {
    decide: (actor, f) => canEditItem(actor, f.item, FULL_ITEM_EDIT),
    body: () => ({ title: 'Renamed', description: 'Bright', condition: 'good', categoryId: '8' }),
  },
  'DELETE /api/items/:id': { decide: (actor, f) => canDeleteItem(actor, f.item) },
  'GET /api/items/:id/wants': { decide: everyone },
  'PUT /api/items/:id/wants': {
    decide: (actor, f) => canSetWants(actor, f.item),
    body: () => ({ itemIds: [] }),
  },
  'GET /api/items/:id/wanted-by': { decide: (actor) => canViewMatches(actor) },
  'PUT /api/items/:id/wanted-by': {
    decide: (actor, f) => canSwapFor(actor, f.item),
    body: () => ({ itemIds: [] }),
  },
  'GET /api/matches': { decide: (actor) => canViewMatches(actor) },
  'GET /api/matches/new': { decide: (actor) => canViewMatches(actor) },
  'POST /api/matches/seen': { decide: (actor) => canViewMatches(actor) },
  'GET /api/items/:id/saved': { decide: members },
  'POST /api/items/:id/save': { decide: (actor) => canSaveItems(actor) },
  'DELETE /api/items/:id/save': { decide: (actor) => canSaveItems(actor) },
  'GET /api/saved-items': { decide: members },
  'GET /api/saved-items/ids': { decide: members },
  'GET /api/images/:id': { decide: everyone },
  'GET /api/images/:id/thumb': { decide: everyone },
  'GET /api/swap-requests': { decide: members },
  'GET /api/swap-requests/counts': { decide: members },
  'POST /api/swap-requests': {
    decide: (actor, f) => canOfferOn(actor, f.item),
    body: (f) => ({ itemId: f.itemId, message: 'Swap?' }),
  },
  'GET /api/swap-requests/:id': { decide: (actor, f) => canViewSwap(actor, f.swap) },
  'PATCH /api/swap-requests/:id': {
    decide: (actor, f) => canMoveSwap(actor, f.swap, 'accepted'),
    body: () => ({ status: 'accepted' }),
  },
  'POST /api/swap-requests/:id/counter': {
    decide: (actor, f) => canCounterSwap(actor, f.swap),
    body: () => ({ itemId: senderItemId, message: 'Rather this one?' }),
  },
  'GET /api/swap-requests/:id/messages': { decide: (actor, f) => canMessageSwap(actor, f.swap) },
  // A stream never ends, so it is opened on a real socket and closed once its status is known.
  'GET /api/events': { decide: members, stream: true },
  'POST /api/swap-requests/:id/messages/read': {
    decide: (actor, f) => canMessageSwap(actor, f.swap),
  },
  'POST /api/swap-requests/:id/messages': {
    decide: (actor, f) => canMessageSwap(actor, f.swap),
    body: () => ({ content: 'Hello' }),
  },
  'POST /api/feedback': {
    decide: (actor, f) => canRateSwap(actor, f.swap, f.senderId),
    body: (f) => ({ toUserId: f.senderId, swapRequestId: f.swapId, rating: 5 }),
  },
  'POST /api/circles': {
    decide: (actor, f) => canProposeCircle(actor, f.loopOwners),
    body: (f) => ({ itemIds: f.loopIds }),
  },
  'GET /api/circles': { decide: members },
  'GET /api/circles/:id': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  'PATCH /api/circles/:id': {
    decide: (actor, f) => canDecideCircle(actor, f.circle, 'accept', new Date()),
    body: () => ({ decision: 'accept' }),
  },
  'GET /api/circles/:id/messages': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  'POST /api/circles/:id/messages': {
    decide: (actor, f) => canViewCircle(actor, f.circle),
    body: () => ({ content: 'Hello all' }),
  },
  'POST /api/circles/:id/messages/read': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  'GET /api/rounds': { decide: everyone },
  // Only verified members create rounds; of the matrix's members, the admin is verified.
  'POST /api/rounds': {
    decide: (actor) => canCreateRound(actor, actor?.isAdmin === true),
    body: () => ({
      title: 'Matrix round',
      entriesCloseAt: new Date(Date.now() + 3600_000).toISOString(),
      wantsCloseAt: new Date(Date.now() + 7200_000).toISOString(),
      shippingDeadline: new Date(Date.now() + 86400_000).toISOString(),
    }),
  },
  'GET /api/rounds/:id': { decide: (actor, f) => canViewRound(actor, f.round) },
  'PATCH /api/rounds/:id': {
    decide: (actor, f) => canCloseEntries(actor, f.round, new Date()),
    body: () => ({ action: 'close-entries' }),
  },
  'POST /api/rounds/:id/solve': { decide: (actor, f) => canSolveRound(actor, f.round, new Date()) },
  'GET /api/rounds/:id/entries': { decide: (actor, f) => canViewRound(actor, f.round) },
  'POST /api/rounds/:id/entries': {
    decide: (actor, f) =>
      firstRefusal(
        () => canEnterRound(actor, f.round, false, new Date()),
        () => (actor ? canEnterListing(actor, f.item) : requireActor(actor)),
      ),
    body: (f) => ({ itemId: f.itemId }),
  },
  'DELETE /api/rounds/:id/entries/:entryId': {
    decide: (actor, f) => canWithdrawEntry(actor, f.round, { userId: f.ownerId }, new Date()),
  },
  'GET /api/rounds/:id/wants': { decide: (actor, f) => canReadMyWants(actor, f.round) },
  'PUT /api/rounds/:id/entries/:entryId/wants': {
    decide: (actor, f) => canRankWants(actor, f.round, { userId: f.ownerId }, new Date()),
    body: () => ({ wants: [] }),
  },
  'GET /api/rounds/:id/trades': { decide: (actor, f) => canReadMyTrades(actor, f.round, false) },
  'GET /api/rounds/:id/loops': { decide: (actor, f) => canViewResults(actor, f.round, false) },
  'PATCH /api/rounds/:id/trades/:entryId': {
    decide: (actor, f) => canMarkTrade(actor, f.round, undefined, 'sent', new Date()),
    body: () => ({ sent: true }),
  },
  'GET /api/rounds/:id/want-list': { decide: (actor, f) => canExportWants(actor, f.round) },
  'POST /api/rounds/:id/want-list': {
    decide: (actor, f) => canImportWants(actor, f.round, new Date()),
    body: () => ({ text: '# nothing yet' }),
  },
  'GET /api/rounds/:id/report': { decide: (actor, f) => canViewResults(actor, f.round, false) },
  'GET /api/feedback/:userId': { decide: everyone },
  'GET /api/users/:id': { decide: everyone },
  'GET /api/users/:id/feedback': { decide: everyone },
  'GET /api/users/:id/rating-stats': { decide: everyone },
  'GET /api/users/:id/swap-stats': { decide: everyone },
  'POST /api/users/:id/block': { decide: (actor, f) => canBlockMember(actor, f.ownerId) },
  'DELETE /api/users/:id/block': { decide: (actor, f) => canBlockMember(actor, f.ownerId) },
  'GET /api/blocks': { decide: members },
  'GET /api/users/:id/activity': { decide: everyone },
  'PATCH /api/users/profile': {
    decide: (actor) => (actor ? canEditProfile(actor, actor.id, ['bio']) : requireActor(actor)),
    body: () => ({ bio: 'Matrix bio' }),
  },
  'POST /api/page-views': { decide: everyone, body: () => ({ path: '/' }) },
  'GET /api/unique-visitor-count': { decide: everyone },
  'POST /api/items/:id/report': {
    decide: (actor, f) => canReportItem(actor, f.item),
    body: () => ({ reason: 'Other' }),
  },
  'GET /api/notifications': { decide: (actor) => canReadNotifications(actor) },
  'POST /api/notifications/read': {
    decide: (actor) => canReadNotifications(actor),
    body: () => ({ all: true }),
  },
  'GET /api/notification-settings': { decide: members },
  'PATCH /api/notification-settings': {
    decide: (actor) =>
      actor ? canChangeNotificationSettings(actor, actor.id) : requireActor(actor),
    body: () => ({ email: { ratings: 'off' } }),
  },
  // The public key is public; a subscription is always the signed-in member's own device.
  'GET /api/push/public-key': { decide: everyone },
  'POST /api/push/subscriptions': {
    decide: (actor) => canManagePushSubscriptions(actor),
    body: () => {
      const keys = browserKeys();
      return {
        endpoint: `https://push.example.com/matrix/${randomUUID()}`,
        keys: { p256dh: keys.p256dh, auth: keys.authText },
      };
    },
  },
  'DELETE /api/push/subscriptions': {
    decide: (actor) => canManagePushSubscriptions(actor),
    body: () => ({ endpoint: 'https://push.example.com/matrix/none' }),
  },
  // The signed token decides, not the session (RFC 8058 one-click): open to all, 400 when bad.
  'GET /api/notifications/unsubscribe': { decide: everyone },
  'POST /api/notifications/unsubscribe': { decide: everyone, body: () => ({ token: 'x.y.z' }) },
  'POST /api/users/:id/report': {
    decide: (actor, f) => canReportMember(actor, f.ownerId),
    body: () => ({ reason: 'spam' }),
  },
  'GET /api/admin/member-reports': { decide: (actor) => canHandleMemberReport(actor) },
  'GET /api/admin/federation/instances': { decide: admins },
  // An address no instance answers at: an admin is told so (400), nothing is followed.
  'POST /api/admin/federation/instances': {
    decide: admins,
    body: () => ({ url: 'https://matrix.invalid' }),
  },
  'PATCH /api/admin/federation/instances/:id': { decide: admins, body: () => ({ blocked: true }) },
  'DELETE /api/admin/federation/instances/:id': { decide: admins },
  'PATCH /api/admin/member-reports/:id': {
    decide: (actor) => canHandleMemberReport(actor),
    body: () => ({ action: 'dismiss' }),
  },
  'GET /api/saved-searches': { decide: (actor) => canListSavedSearches(actor) },
  'POST /api/saved-searches': {
    decide: (actor) => canSaveSearch(actor, 0),
    body: () => ({ search: 'matrix lamp', frequency: 'off' }),
  },
  'PATCH /api/saved-searches/:id': {
    decide: (actor, f) => canChangeSavedSearch(actor, { userId: f.ownerId }),
    body: () => ({ frequency: 'daily' }),
  },
  'DELETE /api/saved-searches/:id': {
    decide: (actor, f) => canChangeSavedSearch(actor, { userId: f.ownerId }),
  },
  'GET /api/admin/stats': { decide: admins },
  'GET /api/admin/visitor-analytics': { decide: admins },
  'GET /api/admin/users': { decide: admins },
  'GET /api/admin/items': { decide: admins },
  'GET /api/admin/feedback': { decide: admins },
  'GET /api/admin/messages': { decide: admins },
  'GET /api/flagged-items': { decide: (actor) => canResolveReport(actor) },
  'DELETE /api/admin/feedback/:id': { decide: (actor) => canDeleteFeedback(actor) },
  'DELETE /api/admin/messages/:id': { decide: (actor) => canDeleteMessage(actor) },
  // The admin routes refuse members before anything else (one guard for the whole scope).
  'DELETE /api/admin/items/:id': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canDeleteItem(actor, f.item),
      ),
  },
  'PATCH /api/admin/items/:id': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canEditItem(actor, f.item, ['title']),
      ),
    body: () => ({ title: 'Moderated' }),
  },
  'PATCH /api/admin/users/:id/profile': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canEditProfile(actor, f.ownerId, ['bio']),
      ),
    body: () => ({ bio: 'Moderated' }),
  },
  'PATCH /api/admin/flagged-items/:id': {
    decide: (actor) => canResolveReport(actor),
    body: () => ({ status: 'dismissed' }),
  },
  'GET /api/admin/export/:kind': { decide: admins },
};

let t: TestApp;
const ownerLogin = { email: '', password: '' };
const ids: Record<string, string> = {};
let senderCookie = '';
let thirdCookie = '';
/** A listing of the offers' sender, for counter-offers to ask for. */
let senderItemId = 0;
let photo = '';

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

/** A fresh session per cell, so a logout or a deletion in one cell cannot change another. */
async function cookieFor(role: Role): Promise<Record<string, string>> {
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

async function freshFixture(withCircle = false, withRound = false): Promise<Fixture> {
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

function concreteUrl(pattern: string, f: Fixture): string {
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

const ROLES = ['visitor', 'other', 'admin', 'owner'] as const;

const actorFor = (role: Role): Actor | null =>
  role === 'visitor' ? null : { id: ids[role] ?? '', isAdmin: role === 'admin' };

async function streamStatus(cookie: string | undefined) {
  const opened = await openEventStream(await listenOnLoopback(t.app), cookie);
  opened.close();
  return { statusCode: opened.status, body: '' };
}

const registered = () => [
  ...new Set(
    (t?.app.routeTable ?? []).filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
  ),
];

describe('access matrix', () => {
  it('has an expectation for every route the app registers, and no stale ones', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !EXPECTATIONS[route])).toEqual([]);
    expect(Object.keys(EXPECTATIONS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(EXPECTATIONS))('%s', async (route, { decide, body, stream }) => {
    const [method, pattern] = route.split(' ') as [string, string];
    for (const role of ROLES) {
      const fixture = await freshFixture(
        pattern.startsWith('/api/circles'),
        pattern.startsWith('/api/rounds/'),
      );
      const decision = decide(actorFor(role), fixture);
      // Where the policy hides a resource from someone (404), those it allows must find it.
      const hides = ROLES.some((r) => {
        const d = decide(actorFor(r), fixture);
        return !d.ok && d.status === 404;
      });
      const headers = await cookieFor(role);
      const response = stream
        ? await streamStatus(headers.cookie)
        : await t.app.inject({
            method: method as 'GET',
            url: concreteUrl(pattern, fixture),
            headers,
            ...(body ? { payload: body(fixture) } : {}),
          });
      const where = `${route} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (!decision.ok) {
        expect(response.statusCode, where).toBe(decision.status);
        if (!stream) expect(JSON.parse(response.body).message, where).toBe(decision.reason);
      } else {
        expect([401, 403], where).not.toContain(response.statusCode);
        if (hides) expect(response.statusCode, where).not.toBe(404);
      }
    }
  });
});

describe('path variants of owner routes', () => {
  it.each([
    '/api/items/ID/',
    '//api/items/ID',
    '/API/ITEMS/ID',
    '/api/items/ID;x',
    '/api/items/%49D',
    '/api/items/ID%2F',
  ])('never let another member change an item through %s', async (variant) => {
    const fixture = await freshFixture();
    const url = variant
      .replace('ID', String(fixture.itemId))
      .replace('%49D', encodeURIComponent(String(fixture.itemId)));
    const headers = await cookieFor('other');
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers,
        payload:
          method === 'PUT'
            ? { title: 'Hijacked', description: 'x', condition: 'good', categoryId: '8' }
            : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    const item = (
      await t.app.inject({ method: 'GET', url: `/api/items/${fixture.itemId}` })
    ).json();
    expect(item.title).toBe('Matrix kettle');
  });
});

/**
 * Issue 38's bodies on routes the matrix above already holds: an offer naming lists of
 * listings, the cancellation of an accepted offer (either party, with a reason), and a counter
 * changing both sides, each × the four roles, decided by the same policies.
 */
const OFFER_BODIES: Record<
  string,
  {
    method: 'POST' | 'PATCH';
    url: (f: Fixture) => string;
    body: (f: Fixture) => object;
    decide: Decide;
    /** The owner accepts the fixture's offer first. */
    accepted?: true;
  }
> = {
  'POST /api/swap-requests {itemIds, offeredItemIds}': {
    method: 'POST',
    url: () => '/api/swap-requests',
    body: (f) => ({ itemIds: [f.itemId], offeredItemIds: [], message: 'Swap?' }),
    decide: (actor, f) =>
      canProposeOffer(actor, [{ id: f.itemId, title: 'Matrix kettle', userId: f.ownerId }], []),
  },
  'PATCH /api/swap-requests/:id {status: "cancelled", reason}': {
    method: 'PATCH',
    url: (f) => `/api/swap-requests/${f.swapId}`,
    body: () => ({ status: 'cancelled', reason: 'Moved away' }),
    decide: (actor, f) => canMoveSwap(actor, { ...f.swap, status: 'accepted' }, 'cancelled'),
    accepted: true,
  },
  'POST /api/swap-requests/:id/counter {itemIds, offeredItemIds}': {
    method: 'POST',
    url: (f) => `/api/swap-requests/${f.swapId}/counter`,
    body: () => ({ itemIds: [senderItemId], offeredItemIds: [], message: 'Rather this one?' }),
    decide: (actor, f) => canCounterSwap(actor, f.swap),
  },
};

describe('access matrix: offers with several listings a side (issue 38)', () => {
  it.each(Object.entries(OFFER_BODIES))(
    '%s',
    async (cell, { method, url, body, decide, accepted }) => {
      for (const role of ROLES) {
        const fixture = await freshFixture();
        if (accepted) {
          const accept = await t.app.inject({
            method: 'PATCH',
            url: `/api/swap-requests/${fixture.swapId}`,
            headers: await cookieFor('owner'),
            payload: { status: 'accepted' },
          });
          expect(accept.statusCode, accept.body).toBe(200);
        }
        const decision = decide(actorFor(role), fixture);
        const response = await t.app.inject({
          method,
          url: url(fixture),
          headers: await cookieFor(role),
          payload: body(fixture),
        });
        const where = `${cell} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (decision.ok) expect(response.statusCode, where).toBeLessThan(300);
        else {
          expect(response.statusCode, where).toBe(decision.status);
          expect(response.json().message, where).toBe(decision.reason);
        }
      }
    },
  );
});
