import type { LiveEvent } from '../../shared/events.js';
import type { Database, Executor } from '../db/client.js';
import { createNotifyChannel, type NotifyChannel } from './notify-channel.js';

/** Member ids per notification: uuids of 36 characters stay well under NOTIFY's 8000 bytes. */
const NOTIFY_MEMBERS = 150;

type Envelope = { to: readonly string[] | 'everyone'; event: LiveEvent };

/**
 * Sessions that ended (sign-out, password reset): their streams close on every app server.
 * `sessionKey` is the session's stored id (a SHA-256 of the cookie's token, never the token);
 * without it, every session of the member ends, except `exceptSessionKey`.
 */
export type SessionsEnded = { userId: string; sessionKey?: string; exceptSessionKey?: string };

export type Subscriber = {
  deliver: (event: LiveEvent) => void;
  /**
   * Called when the server shuts down or the stream's session ends, so the stream can end and the
   * client go elsewhere.
   */
  close: () => void;
  /** The stored id of the session the stream belongs to (see SessionsEnded). */
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
   * Closes the streams of ended sessions on every app server, within milliseconds of the call;
   * in a transaction (`tx`), once it commits.
   */
  endSessions: (ended: SessionsEnded, tx?: Executor) => Promise<void>;
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
  const subscribers = new Map<string, Set<Subscriber>>();

  function deliver(envelope: Envelope): void {
    if (envelope.to === 'everyone') {
      for (const set of subscribers.values()) for (const s of set) s.deliver(envelope.event);
      return;
    }
    for (const userId of new Set(envelope.to)) {
      for (const s of subscribers.get(userId) ?? []) s.deliver(envelope.event);
    }
  }

  function closeEnded(ended: SessionsEnded): void {
    for (const s of [...(subscribers.get(ended.userId) ?? [])]) {
      if (ended.sessionKey !== undefined && s.sessionKey !== ended.sessionKey) continue;
      if (ended.exceptSessionKey !== undefined && s.sessionKey === ended.exceptSessionKey) continue;
      s.close();
    }
  }

  channel.onMessage((message) => {
    if ('ended' in message) closeEnded(message.ended as SessionsEnded);
    else if (isEnvelope(message)) deliver(message);
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

    async endSessions(ended, tx) {
      // Locally at once (the stream may be on this server), everywhere through the channel.
      if (!tx) {
        closeEnded(ended);
        await channel.send({ ended });
        return;
      }
      await channel.sendIn(tx, { ended });
    },

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
      set.add(subscriber);
      void channel.listening();
      return () => {
        set.delete(subscriber);
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
      for (const set of subscribers.values()) for (const s of set) s.close();
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
