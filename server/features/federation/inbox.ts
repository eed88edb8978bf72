import type { InboxContext } from '@fedify/fedify';
import {
  Accept,
  Application,
  Create,
  type Delete,
  Follow,
  Link,
  Person,
  Proposal,
  Reject,
  Service,
  type Undo,
  type Update,
} from '@fedify/vocab';
import { eq, or, sql } from 'drizzle-orm';
import { ERASED_NAMES } from '../../../shared/account.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import type { InstanceRow } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { removeListing } from '../items/items.service.js';
import { listingsChanged } from '../items/listing-changes.js';
import { enqueueBackfill } from './backfill.js';
import { onCircleAnswer, onCircleNote, onCircleUpdate } from './circles-inbound.js';
import { RELIABILITY_REL } from './home-reliability.js';
import {
  findInstanceByHost,
  forgetInstanceContent,
  hostOf,
  recipientOf,
  rememberInstance,
  setFollowState,
} from './instances.js';
import { RefusedObject, readRemoteListing } from './listing-object.js';
import { answersAnOffer } from './offers-inbound.js';
import { INSTANCE_IDENTIFIER } from './paths.js';
import { photoFetcher, RemoteFetchError } from './remote-fetch.js';
import {
  photosOf,
  type RemoteMember,
  rememberMember,
  removeRemoteListing,
  storeRemoteListing,
} from './remote-store.js';
import { onAgreementReject, onAgreementUpdate, onSwapNote } from './swaps-inbound.js';

type Inbox = InboxContext<AppContext>;

/** The instance an activity comes from, unless we do not know it or an admin blocked it. */
async function senderInstance(ctx: AppContext, actorId: URL | null): Promise<InstanceRow | null> {
  if (!actorId) return null;
  const instance = await findInstanceByHost(ctx.db, hostOf(actorId));
  return instance && !instance.blocked ? instance : null;
}

/** Another instance asks to follow ours: accepted at once (FEDERATION_APPROVAL=auto) or pending. */
export async function onFollow(ctx: AppContext, context: Inbox, follow: Follow): Promise<void> {
  if (follow.objectId?.href !== context.getActorUri(INSTANCE_IDENTIFIER).href) return;
  const actor = await follow.getActor();
  if (!(actor instanceof Application || actor instanceof Service) || !actor.id || !actor.inboxId)
    return;
  const known = await findInstanceByHost(ctx.db, hostOf(actor.id));
  if (known?.blocked) return;
  const instance = await rememberInstance(ctx.db, actor.id.origin, {
    actorUrl: actor.id.href,
    inboxUrl: actor.inboxId.href,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
    name: actor.name?.toString() ?? null,
  });
  const accepted = instance.follower === 'accepted' || ctx.config.federation.approval === 'auto';
  await setFollowState(
    ctx.db,
    instance.id,
    'follower',
    accepted ? 'accepted' : 'pending',
    follow.id?.href,
  );
  if (accepted) await answerFollow(context, instance, follow, 'accept');
}

/** Our answer to an instance's follow, from our instance actor. */
export async function answerFollow(
  context: Pick<Inbox, 'sendActivity' | 'getActorUri'>,
  instance: InstanceRow,
  follow: Follow | URL,
  answer: 'accept' | 'reject',
): Promise<void> {
  const Answer = answer === 'accept' ? Accept : Reject;
  const me = context.getActorUri(INSTANCE_IDENTIFIER);
  await context.sendActivity(
    { identifier: INSTANCE_IDENTIFIER },
    recipientOf(instance),
    new Answer({
      id: new URL(`#${answer}/${crypto.randomUUID()}`, me),
      actor: me,
      object: follow,
      to: new URL(instance.actorUrl),
    }),
  );
}

/** Our follow of an instance, as the answer names it (embedded, or by id). */
function answersOurFollow(instance: InstanceRow, answer: Accept | Reject): boolean {
  const object = answer.objectId?.href;
  return object !== undefined && object === instance.ourFollowId;
}

export async function onAccept(ctx: AppContext, _context: Inbox, accept: Accept): Promise<void> {
  if (await onCircleAnswer(ctx, accept)) return;
  if (await answersAnOffer(ctx, accept, 'accepted')) return;
  const instance = await senderInstance(ctx, accept.actorId);
  if (!instance || !answersOurFollow(instance, accept)) return;
  await transact(ctx.db, async (tx) => {
    await setFollowState(tx, instance.id, 'following', 'accepted', instance.ourFollowId);
    // Their listings so far, read from their outbox page by page after this commits.
    await enqueueBackfill(ctx, tx, instance.id);
  });
}

/**
 * An instance refuses our follow, or withdraws one it accepted (its admins stop sharing with us):
 * either way its listings stop coming, and those we hold leave at once, as when we unfollow.
 */
export async function onReject(ctx: AppContext, _context: Inbox, reject: Reject): Promise<void> {
  // A circle's member or instance answers its coordinator (circles-inbound.ts).
  if (await onCircleAnswer(ctx, reject)) return;
  // The other party of a swap across instances cancels it (a Reject of its Agreement).
  if (await onAgreementReject(ctx, reject)) return;
  if (await answersAnOffer(ctx, reject, 'rejected')) return;
  const instance = await senderInstance(ctx, reject.actorId);
  if (!instance || !answersOurFollow(instance, reject)) return;
  await transact(ctx.db, async (tx) => {
    await setFollowState(tx, instance.id, 'following', 'rejected', instance.ourFollowId);
    await forgetInstanceContent(ctx, tx, instance.id);
  });
}

/** An instance takes back its follow of ours (our listings stop going there), or a member an offer. */
export async function onUndo(ctx: AppContext, _context: Inbox, undo: Undo): Promise<void> {
  // A member of theirs takes back an offer they made to one of ours.
  if (await answersAnOffer(ctx, undo, 'withdrawn')) return;
  const instance = await senderInstance(ctx, undo.actorId);
  if (!instance) return;
  const object = await undo.getObject();
  if (object instanceof Follow && object.id?.href === instance.theirFollowId)
    await setFollowState(ctx.db, instance.id, 'follower', 'none', null);
}

/** The actor's link to where home reports their reliability, if it is on the actor's host. */
async function reliabilityLinkOf(actor: Person): Promise<string | null> {
  for await (const attachment of actor.getAttachments()) {
    if (
      attachment instanceof Link &&
      attachment.rels.includes(RELIABILITY_REL) &&
      attachment.href &&
      actor.id &&
      hostOf(attachment.href) === hostOf(actor.id)
    )
      return attachment.href.href;
  }
  return null;
}

/** Members read lately, by actor: their actor document as read (its JSON), and what it says. */
const membersRead = new Map<string, { document: string; member: RemoteMember }>();
const MEMBERS_READ_KEPT = 1000;

/**
 * A member of an instance we follow, as their actor says. The document comes from Fedify's cache
 * (federation_kv, refetched once it expires); reading it as an actor (JSON-LD, its keys) costs
 * far more than fetching it, so the same document read again gives what it gave before.
 */
export async function memberOf(
  context: Pick<Inbox, 'lookupObject' | 'documentLoader'>,
  actorUrl: URL,
): Promise<RemoteMember | null> {
  const document = await context
    .documentLoader(actorUrl.href)
    .then((remote) => JSON.stringify([remote.documentUrl, remote.document]))
    .catch(() => undefined);
  const read = document === undefined ? undefined : membersRead.get(actorUrl.href);
  if (read && read.document === document) return read.member;
  const actor = await context.lookupObject(actorUrl);
  if (!(actor instanceof Person) || !actor.id || actor.id.href !== actorUrl.href) return null;
  const member = {
    actorUrl: actor.id.href,
    username: actor.preferredUsername?.toString() ?? 'member',
    name: actor.name?.toString() ?? null,
    profileUrl: actor.url instanceof URL ? actor.url.href : null,
    reliabilityUrl: await reliabilityLinkOf(actor),
  };
  if (document !== undefined) {
    membersRead.delete(actorUrl.href);
    membersRead.set(actorUrl.href, { document, member });
    if (membersRead.size > MEMBERS_READ_KEPT) {
      const oldest = membersRead.keys().next().value;
      if (oldest !== undefined) membersRead.delete(oldest);
    }
  }
  return member;
}

/**
 * A listing created or changed on an instance we follow, or a member's new name: stored as our
 * rows when every rule of ours holds, refused whole otherwise.
 */
export async function onCreateOrUpdate(
  ctx: AppContext,
  context: Inbox,
  activity: Create | Update,
): Promise<void> {
  // From an instance we know only: nothing is read (its object perhaps fetched) for anyone else.
  const instance = await senderInstance(ctx, activity.actorId);
  if (!instance || !activity.actorId) return;
  // A message or rating on a swap across instances, or its completion: its parties' business.
  if (
    activity instanceof Create
      ? (await onCircleNote(ctx, context, activity)) || (await onSwapNote(ctx, context, activity))
      : (await onCircleUpdate(ctx, activity)) || (await onAgreementUpdate(ctx, activity))
  )
    return;
  if (instance.following !== 'accepted') return;
  const object = await activity.getObject();
  if (object instanceof Person) {
    if (object.id?.href !== activity.actorId.href) return;
    const member = await memberOf(context, activity.actorId);
    const [known] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.actorUrl, activity.actorId.href));
    if (member && known) await rememberMember(ctx.db, instance, member);
    return;
  }
  if (!(object instanceof Proposal)) return;
  await ingestListing(ctx, context, instance, object, activity.actorId);
}

/** Stores one remote listing (from an activity or their outbox); false when it is refused. */
export async function ingestListing(
  ctx: AppContext,
  context: Pick<Inbox, 'lookupObject' | 'documentLoader'>,
  instance: InstanceRow,
  object: Proposal,
  actorUrl: URL,
): Promise<boolean> {
  try {
    const listing = await readRemoteListing(object);
    if (listing.ownerUrl !== actorUrl.href || hostOf(listing.url) !== instance.host)
      throw new RefusedObject('a listing must be its sender’s, on its sender’s instance');
    const member = await memberOf(context, actorUrl);
    if (!member) throw new RefusedObject('its owner is not a member');
    const ownerId = await rememberMember(ctx.db, instance, member);
    const photos = await photosOf(
      ctx.db,
      ownerId,
      listing.photos,
      photoFetcher(ctx.db, ctx.config.federation.allowPrivate),
    );
    await storeRemoteListing(ctx, instance, ownerId, listing, photos);
    return true;
  } catch (error) {
    if (!(error instanceof RefusedObject || error instanceof RemoteFetchError)) throw error;
    ctx.log.info(
      { instance: instance.host, object: object.id?.href, reason: error.message },
      'Refused a listing of another instance',
    );
    return false;
  }
}

/** A listing (or a whole member) gone on an instance we follow. */
export async function onDelete(ctx: AppContext, _context: Inbox, activity: Delete): Promise<void> {
  const instance = await senderInstance(ctx, activity.actorId);
  if (!instance || !activity.actorId) return;
  const objectId = activity.objectId;
  if (!objectId || hostOf(objectId) !== instance.host) return;
  if (objectId.href === activity.actorId.href) {
    // The member left their instance: their listings go with their row.
    await transact(ctx.db, async (tx) => {
      const [member] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.actorUrl, objectId.href));
      if (member) await forgetMember(ctx, tx, member.id);
    });
    return;
  }
  await removeRemoteListing(ctx, instance, objectId.href, activity.actorId.href);
}

/** A remote member's listings through the one path of a change, then their row. */
async function forgetMember(ctx: AppContext, tx: Transaction, memberId: string): Promise<void> {
  const listed = await tx
    .select({ id: items.id, userId: items.userId, images: items.images })
    .from(items)
    .where(eq(items.userId, memberId))
    .orderBy(items.id);
  await listingsChanged(ctx, tx, 'deleted', listed);
  const [traded] = await tx
    .select({ id: swapRequests.id })
    .from(swapRequests)
    .where(or(eq(swapRequests.fromUserId, memberId), eq(swapRequests.toUserId, memberId)))
    .limit(1);
  if (!traded) {
    await tx.delete(users).where(eq(users.id, memberId));
    return;
  }
  // Swaps with our members stay whole for them, without the person (issue 40 §1): the listings
  // go as a deletion here goes (kept hidden where a trade names them), the row keeps no name.
  for (const listing of listed) await removeListing(ctx, tx, listing.id, listing.images);
  await tx
    .update(users)
    .set({
      ...ERASED_NAMES,
      nickname: null,
      nicknameKey: null,
      profileUrl: null,
      profileImageUrl: null,
      bio: null,
      location: null,
      erasedAt: sql`now()`,
    })
    .where(eq(users.id, memberId));
}
