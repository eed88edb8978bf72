import type { LiveEvent } from '../../shared/events.js';
import type { Database, Executor } from '../db/client.js';
import { EVERYONE } from './kept-notices.js';
import { createNotifyChannel, type NotifyChannel } from './notify-channel.js';

/** Member ids per notification: uuids of 36 characters stay well under NOTIFY's 8000 bytes. */
const NOTIFY_MEMBERS = 150;

type Envelope = { to: readonly string[] | 'everyone'; event: LiveEvent };

/** Which of these stored session ids still stand (live, and their member's account too). */
export type LiveSessions = (sessionKeys: readonly string[]) => Promise<ReadonlySet<string>>;

export type Subscriber = {
  deliver: (event: LiveEvent) => void;
  /**
   * Called when the server shuts down or the stream's session ends, so the stream can end and the
   * client go elsewhere.
   */
  close: () => void;
  /**
   * The stored id of the session the stream belongs to (a SHA-256 of the cookie's token, never
   * the token): `checkSessions` asks whether it still stands.
   */
  sessionKey?: string;
};

export type EventBus = {
  /**
   * Tells these members, on whichever app server holds their streams. Never rejects: the write
   * it follows has committed, and a client that misses the event still sees it on its next fetch.
   */
  publish: (to: readonly string[] | 'everyone', event: LiveEvent) => Promise<void>;
  /**
   * Publishes inside a transaction: PostgreSQL delivers a NOTIFY only when its transaction
   * commits, and drops it on a rollback, so the event exists exactly when the change does.
   */
  publishIn: (tx: Executor, to: readonly string[] | 'everyone', event: LiveEvent) => Promise<void>;
  /**
   * The sessions of `members` (or of everyone) may have ended: a sign-out, a password reset, a
   * suspension, an expiry purged, a row changed in psql. Their streams on this server hold what is
   * delivered to them from this moment until `live` answers; those whose session no longer stands
   * are closed and what they held dropped, the others get it in order. Called in the order the
   * database's notices arrive, so an event committed after the change that ended a session never
   * reaches its streams. When `live` fails the streams stay (their heartbeat asks again).
   */
  checkSessions: (members: string | typeof EVERYONE, live: LiveSessions) => Promise<void>;
  /** Tells every stream held by this server only (for figures each server computes itself). */
  deliverLocally: (event: LiveEvent) => void;
  /**
   * Listings changed: tells everyone, at once for the first change and then at most once per
   * window (SPEC §9 polls items every 60 s; a busy site must not turn into a storm of refetches).
   */
  itemsChanged: () => void;
  /**
   * Resolves once this server listens (or has tried to: if the database is away, the stream
   * still opens, and a resync follows when the link is back). Await it before telling a client
   * its stream is open, or the events of its first moments could be missed.
   */
  listening: () => Promise<void>;
  subscribe: (userId: string, subscriber: Subscriber) => () => void;
  streamCount: (userId?: string) => number;
  close: () => Promise<void>;
};

const isEnvelope = (message: object): message is Envelope => 'event' in message && 'to' in message;

/** A subscriber, with what waits for it while its session is being checked. */
type Stream = { subscriber: Subscriber; checks: number; held: LiveEvent[] };

/**
 * Members' open streams (GET /api/events) on this server, fed from every server through the
 * notify channel: a write anywhere reaches the streams held here. The channel listens while
 * this server holds a stream (`wanted`), or always when something kept needs it.
 */
export function createEventBus(
  channel: NotifyChannel,
  options: { itemsWindowMs?: number } = {},
): EventBus {
  const itemsWindowMs = options.itemsWindowMs ?? 60_000;
  let itemsSentAt = Number.NEGATIVE_INFINITY;
  let itemsTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const subscribers = new Map<string, Set<Stream>>();

  /** Hands an event to a stream, or keeps it while the stream's session is being checked. */
  function give(stream: Stream, event: LiveEvent): void {
    if (stream.checks > 0) stream.held.push(event);
    else stream.subscriber.deliver(event);
  }

  function deliver(envelope: Envelope): void {
    if (envelope.to === 'everyone') {
      for (const set of subscribers.values()) for (const s of set) give(s, envelope.event);
      return;
    }
    for (const userId of new Set(envelope.to)) {
      for (const s of subscribers.get(userId) ?? []) give(s, envelope.event);
    }
  }

  async function checkSessions(members: string, live: LiveSessions): Promise<void> {
    const sets = members === EVERYONE ? [...subscribers.values()] : [subscribers.get(members)];
    const checked = sets.flatMap((set) => [...(set ?? [])]).filter((s) => s.subscriber.sessionKey);
    if (checked.length === 0) return;
    // From here on, what arrives for these streams waits for the answer.
    for (const s of checked) s.checks += 1;
    let standing: ReadonlySet<string> | null = null;
    try {
      standing = await live([...new Set(checked.map((s) => s.subscriber.sessionKey as string))]);
    } catch {
      // The database is away: the streams stay, their heartbeat asks again.
    }
    for (const s of checked) {
      s.checks -= 1;
      if (standing && !standing.has(s.subscriber.sessionKey as string)) {
        s.held.length = 0;
        s.subscriber.close();
      } else if (s.checks === 0) {
        for (const event of s.held.splice(0)) s.subscriber.deliver(event);
      }
    }
  }

  channel.onMessage((message) => {
    if (isEnvelope(message)) deliver(message);
  });
  // Whatever was published while this server was deaf is lost; clients refetch instead.
  channel.onLink((listening, reconnected) => {
    if (listening && reconnected) deliver({ to: 'everyone', event: { type: 'resync' } });
  });

  async function publish(to: Envelope['to'], event: LiveEvent): Promise<void> {
    if (to !== 'everyone' && to.length === 0) return;
    await channel.send({ to, event } satisfies Envelope);
  }

  async function publishIn(tx: Executor, to: Envelope['to'], event: LiveEvent): Promise<void> {
    if (to === 'everyone') {
      await channel.sendIn(tx, { to, event } satisfies Envelope);
      return;
    }
    const members = [...new Set(to)];
    // NOTIFY payloads stop at 8000 bytes: a few hundred member ids per notification.
    for (let start = 0; start < members.length; start += NOTIFY_MEMBERS) {
      await channel.sendIn(tx, { to: members.slice(start, start + NOTIFY_MEMBERS), event });
    }
  }

  function sendItemsChanged(): void {
    itemsSentAt = Date.now();
    void publish('everyone', { type: 'items-changed' });
  }

  return {
    publish,
    publishIn,

    checkSessions,

    itemsChanged() {
      if (itemsTimer || closed) return;
      const wait = itemsSentAt + itemsWindowMs - Date.now();
      if (wait <= 0) return sendItemsChanged();
      itemsTimer = setTimeout(() => {
        itemsTimer = null;
        sendItemsChanged();
      }, wait);
      itemsTimer.unref();
    },

    deliverLocally(event) {
      deliver({ to: 'everyone', event });
    },

    listening: () => (closed ? Promise.resolve() : channel.listening()),

    subscribe(userId, subscriber) {
      let set = subscribers.get(userId);
      if (!set) {
        set = new Set();
        subscribers.set(userId, set);
      }
      const stream: Stream = { subscriber, checks: 0, held: [] };
      set.add(stream);
      void channel.listening();
      return () => {
        set.delete(stream);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },

    streamCount(userId) {
      if (userId) return subscribers.get(userId)?.size ?? 0;
      let total = 0;
      for (const set of subscribers.values()) total += set.size;
      return total;
    },

    async close() {
      closed = true;
      if (itemsTimer) clearTimeout(itemsTimer);
      for (const set of subscribers.values()) for (const s of set) s.subscriber.close();
      subscribers.clear();
    },
  };
}

/**
 * A bus on a notify channel of its own, closed with it: for scripts and tests (the app shares one
 * channel between its live events and its kept notices).
 */
export function createStandaloneEventBus(
  db: Database,
  log: Parameters<typeof createNotifyChannel>[1],
  options: { itemsWindowMs?: number; linkCheckMs?: number } = {},
): EventBus {
  const channel = createNotifyChannel(db, log, {
    linkCheckMs: options.linkCheckMs,
    wanted: () => bus.streamCount() > 0,
  });
  const bus = createEventBus(channel, options);
  return {
    ...bus,
    async close() {
      await bus.close();
      await channel.close();
    },
  };
}
