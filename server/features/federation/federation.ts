import type { webcrypto } from 'node:crypto';
import {
  createExponentialBackoffPolicy,
  createFederation,
  type Federation,
  SendActivityError,
} from '@fedify/fedify';
import {
  Accept,
  Create,
  Delete,
  Flag,
  Follow,
  Offer,
  Proposal,
  Read,
  Reject,
  Undo,
  Update,
} from '@fedify/vocab';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { onTheMarket } from '../items/on-market.js';
import { instanceActorObject, memberActorObject } from './actors.js';
import { onCircleAnswer, onCircleOffer } from './circles-inbound.js';
import { isCircleOffer } from './circles-object.js';
import { onAccept, onCreateOrUpdate, onDelete, onFollow, onReject, onUndo } from './inbox.js';
import { followerInstances, recipientOf } from './instances.js';
import { INSTANCE_OWNER, keyPairsOf } from './keys.js';
import { createKvStore } from './kv-store.js';
import { localListingObject } from './listing-documents.js';
import type { FederationQueue } from './message-queue.js';
import { onOffer } from './offers-inbound.js';
import {
  ACTOR_PATH,
  FOLLOWERS_PATH,
  INBOX_PATH,
  INSTANCE_IDENTIFIER,
  LISTING_PATH,
  NODEINFO_PATH,
  OUTBOX_PATH,
  SHARED_INBOX_PATH,
} from './paths.js';
import { receiveFlag } from './reports.js';

/** Listings per page of the instance's outbox (another instance's backfill reads it page by page). */
const OUTBOX_PAGE = 50;

/** Retries of a delivery to a dead instance: doubling from 30 s to 6 h, for about 48 hours. */
const OUTBOX_RETRIES = createExponentialBackoffPolicy({
  maxAttempts: 16,
  initialDelay: { seconds: 30 },
  maxDelay: { hours: 6 },
});

export type AppFederation = Federation<AppContext>;

const memberIdPattern = /^[0-9a-f-]{36}$/;

/**
 * The instance's ActivityPub side, through Fedify: WebFinger, NodeInfo, actors (the instance, an
 * `Application`; each member, a `Person`), listings as objects, the instance's outbox and
 * followers, and the inboxes. Deliveries and inbound activities go through the app's job queue
 * (`queue`); Fedify's caches and the ids of activities already applied live in PostgreSQL.
 */
export function createAppFederation(ctx: AppContext, queue: FederationQueue): AppFederation {
  const { publicUrl } = ctx.config;
  const keysCache = new Map<string, Promise<webcrypto.CryptoKeyPair[]>>();
  const keysOf = (owner: string) => {
    let pairs = keysCache.get(owner);
    if (!pairs) {
      pairs = keyPairsOf(ctx.db, owner);
      keysCache.set(owner, pairs);
      pairs.catch(() => keysCache.delete(owner));
    }
    return pairs;
  };

  const federation = createFederation<AppContext>({
    kv: createKvStore(ctx.db),
    queue,
    origin: publicUrl,
    allowPrivateAddress: ctx.config.federation.allowPrivate,
    outboxRetryPolicy: OUTBOX_RETRIES,
    userAgent: { software: 'SwapMarket', url: new URL(publicUrl) },
    onOutboxError: (error) => {
      if (error instanceof SendActivityError) queue.deliveryFailed(error.inbox);
    },
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (context, identifier) => {
      if (identifier === INSTANCE_IDENTIFIER) return instanceActorObject(context);
      if (!memberIdPattern.test(identifier)) return null;
      const [member] = await ctx.db
        .select()
        .from(users)
        .where(
          and(eq(users.id, identifier), isNull(users.originInstanceId), isNull(users.suspendedAt)),
        );
      return member ? memberActorObject(context, member) : null;
    })
    .setKeyPairsDispatcher((_context, identifier) =>
      keysOf(identifier === INSTANCE_IDENTIFIER ? INSTANCE_OWNER : identifier),
    )
    .mapHandle(async (_context, handle) => {
      const [member] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.nickname, handle),
            isNull(users.originInstanceId),
            isNull(users.suspendedAt),
          ),
        );
      return member?.id ?? null;
    });

  federation.setObjectDispatcher(Proposal, LISTING_PATH, async (context, { id }) =>
    /^\d{1,10}$/.test(id) ? localListingObject(ctx, context, Number(id)) : null,
  );

  // The instance's outbox: every local listing on the market, newest id last, as a Create.
  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (context, identifier, cursor) => {
      if (identifier !== INSTANCE_IDENTIFIER || cursor === null) return null;
      const after = Number(cursor) || 0;
      const page = await ctx.db
        .select({ id: items.id })
        .from(items)
        .where(and(onTheMarket(), isNull(items.originInstanceId), gt(items.id, after)))
        .orderBy(asc(items.id))
        .limit(OUTBOX_PAGE);
      const activities: Create[] = [];
      for (const { id } of page) {
        const object = await localListingObject(ctx, context, id);
        if (!object) continue;
        activities.push(
          new Create({
            id: new URL(`#create`, object.id ?? context.getActorUri(INSTANCE_IDENTIFIER)),
            actor: object.attributionId,
            object,
            to: object.toId,
            ccs: object.ccIds,
          }),
        );
      }
      const last = page.at(-1);
      return {
        items: activities,
        nextCursor: page.length === OUTBOX_PAGE && last ? String(last.id) : null,
      };
    })
    .setFirstCursor(() => '0');

  federation.setFollowersDispatcher(FOLLOWERS_PATH, async (_context, identifier) => {
    if (identifier !== INSTANCE_IDENTIFIER) return { items: [] };
    const followers = await followerInstances(ctx.db);
    return {
      items: followers.map(recipientOf),
    };
  });

  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .on(Follow, (context, activity) => onFollow(ctx, context, activity))
    .on(Accept, (context, activity) => onAccept(ctx, context, activity))
    .on(Reject, (context, activity) => onReject(ctx, context, activity))
    .on(Undo, (context, activity) => onUndo(ctx, context, activity))
    .on(Create, (context, activity) => onCreateOrUpdate(ctx, context, activity))
    .on(Update, (context, activity) => onCreateOrUpdate(ctx, context, activity))
    .on(Delete, (context, activity) => onDelete(ctx, context, activity))
    .on(Flag, (context, activity) => receiveFlag(ctx, context, activity))
    .on(Offer, async (context, activity) =>
      (await isCircleOffer(activity))
        ? onCircleOffer(ctx, context, activity)
        : onOffer(ctx, context, activity),
    )
    .on(Read, async (_context, activity) => {
      await onCircleAnswer(ctx, activity);
    })
    .onError((_context, error) => {
      ctx.log.warn({ err: error }, 'An inbound activity failed');
    });

  federation.setNodeInfoDispatcher(NODEINFO_PATH, async () => {
    const { rows } = await ctx.db.execute<{ members: number; listings: number }>(sql`
      select (select count(*) from users where origin_instance_id is null)::int as members,
             (select count(*) from items where origin_instance_id is null
                and ${onTheMarket(sql`items`)})::int as listings`);
    const counted = rows[0];
    return {
      software: { name: 'swapmarket', version: '0.1.0', homepage: new URL(publicUrl) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: {
        users: { total: Number(counted?.members ?? 0) },
        localPosts: Number(counted?.listings ?? 0),
        localComments: 0,
      },
      metadata: { nodeName: ctx.config.siteName },
    };
  });

  return federation;
}
