import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveEvent } from '../../shared/events.js';
import type { Database, Executor } from '../db/client.js';

/** One channel per database; every app server on the database listens to it. */
export const EVENTS_CHANNEL = 'swapmarket_events';

/** The listening connection's application_name. */
export const LISTENER_NAME = 'swapmarket-events';

/** onKeptChanged's word for every member (never a member's id, which is a uuid). */
export const EVERYONE = 'everyone';

const RECONNECT_MIN_MS = 250;
/** Member ids per notification: uuids of 36 characters stay well under NOTIFY's 8000 bytes. */
const NOTIFY_MEMBERS = 150;
const RECONNECT_MAX_MS = 10_000;
/**
 * The listening connection is asked a question this often, and must answer within as long: a
 * connection a firewall or a dead host dropped without a word would otherwise look alive, and
 * every notice sent meanwhile would be lost unseen.
 */
const LINK_CHECK_MS = 2_000;

type Envelope = { to: readonly string[] | 'everyone'; event: LiveEvent };

/**
 * Sessions that ended (sign-out, password reset): their streams close on every app server.
 * `sessionKey` is the session's stored id (a SHA-256 of the cookie's token, never the token);
 * without it, every session of the member ends, except `exceptSessionKey`.
 */
export type SessionsEnded = { userId: string; sessionKey?: string; exceptSessionKey?: string };

/**
 * What app servers keep per member for a moment (server/infra/kept-answers.ts): their sessions
 * (session-cache.ts) and their pages of offers (features/swaps/offers-cache.ts).
 */
export type KeptKind = 'sessions' | 'offers';

/**
 * A member's account or one of their sessions changed (migration 0018), or what a page of their
 * offers shows (migration 0019), or everyone's: database triggers send these, and servers forget
 * what they keep of it.
 */
type KeptChanged =
  | { sessionsOf: string }
  | { allSessions: true }
  | { offersOf: string }
  | { allOffers: true };

type Message = Envelope | { ended: SessionsEnded } | KeptChanged;

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
   * Calls `listener` on this server at once whenever itemsChanged is called here (before the
   * throttled announcement), and whenever another server's announcement arrives.
   */
  onItemsChanged: (listener: () => void) => void;
  /**
   * Resolves once this server listens (or has tried to: if the database is away, the stream
   * still opens, and a resync follows when the link is back). Await it before telling a client
   * its stream is open, or the events of its first moments could be missed.
   */
  listening: () => Promise<void>;
  /**
   * Listens from now on, streams or not, and comes back after every lost link (by default the
   * server listens only while it holds a stream).
   */
  keepListening: () => void;
  /**
   * Calls `listener` with true whenever this server starts listening, and with false whenever it
   * stops: what was announced in between never reaches it.
   */
  onLink: (listener: (listening: boolean) => void) => void;
  /**
   * Calls `listener` with a member's id whenever what servers keep of that `kind` for them
   * changed (their account or sessions, what their offers show), or with EVERYONE when a change
   * could concern anyone.
   */
  onKeptChanged: (kind: KeptKind, listener: (member: string) => void) => void;
  subscribe: (userId: string, subscriber: Subscriber) => () => void;
  streamCount: (userId?: string) => number;
  close: () => Promise<void>;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (msg: string) => void;
};

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: a write on any app server reaches the streams held
 * by every other one, with nothing to run besides the database. The listening connection is
 * opened with the first stream, so servers and tests without streams hold no extra connection.
 */
export function createEventBus(
  db: Database,
  log: Log,
  options: { itemsWindowMs?: number; linkCheckMs?: number } = {},
): EventBus {
  const itemsWindowMs = options.itemsWindowMs ?? 60_000;
  const linkCheckMs = options.linkCheckMs ?? LINK_CHECK_MS;
  let linkCheck: NodeJS.Timeout | null = null;
  let itemsSentAt = Number.NEGATIVE_INFINITY;
  let itemsTimer: NodeJS.Timeout | null = null;
  const subscribers = new Map<string, Set<Subscriber>>();
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  let closed = false;
  let keep = false;
  const itemsListeners: Array<() => void> = [];
  const linkListeners: Array<(listening: boolean) => void> = [];
  const keptListeners: Array<{ kind: KeptKind; listener: (member: string) => void }> = [];
  const tellKeptChanged = (kind: KeptKind, member: string) => {
    for (const kept of keptListeners) if (kept.kind === kind) kept.listener(member);
  };
  const tellLink = (listening: boolean) => {
    for (const listener of linkListeners) listener(listening);
  };
  const tellItemsListeners = () => {
    for (const listener of itemsListeners) listener();
  };

  function deliver(envelope: Envelope): void {
    if (envelope.event.type === 'items-changed') tellItemsListeners();
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

  function onNotification(message: pg.Notification): void {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as Message;
      if ('ended' in parsed) closeEnded(parsed.ended);
      else if ('sessionsOf' in parsed) tellKeptChanged('sessions', parsed.sessionsOf);
      else if ('allSessions' in parsed) tellKeptChanged('sessions', EVERYONE);
      else if ('offersOf' in parsed) tellKeptChanged('offers', parsed.offersOf);
      else if ('allOffers' in parsed) tellKeptChanged('offers', EVERYONE);
      else deliver(parsed);
    } catch (error) {
      log.warn({ err: error }, 'Ignoring a malformed live event');
    }
  }

  function checkLink(client: pg.Client, lost: (error: Error) => void): void {
    let asking = false;
    linkCheck = setInterval(() => {
      if (asking) return;
      asking = true;
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The listening connection did not answer in ${linkCheckMs} ms`)),
          linkCheckMs,
        );
      });
      Promise.race([client.query('select 1'), silence])
        .then(
          () => {},
          (error: Error) => lost(error),
        )
        .finally(() => {
          clearTimeout(timer);
          asking = false;
        });
    }, linkCheckMs);
    linkCheck.unref();
  }

  function stopLinkCheck(): void {
    if (linkCheck) clearInterval(linkCheck);
    linkCheck = null;
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer || (subscribers.size === 0 && !keep)) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void listen(true);
    }, reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  function listen(isReconnect: boolean): Promise<void> {
    if (connecting) return connecting;
    // Named, so operators (and tests) can tell it in pg_stat_activity.
    const client = new pg.Client({ ...db.$client.options, application_name: LISTENER_NAME });
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      stopLinkCheck();
      tellLink(false);
      if (error) log.warn({ err: error }, 'Live events lost their database connection');
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('notification', onNotification);
    client.on('error', lost);
    client.on('end', () => lost());
    connecting = (async () => {
      try {
        listener = client;
        await client.connect();
        await client.query(`LISTEN ${EVENTS_CHANNEL}`);
        if (closed) {
          await client.end();
          return;
        }
        reconnectDelay = RECONNECT_MIN_MS;
        checkLink(client, lost);
        tellLink(true);
        // Whatever was published while we were deaf is lost; clients refetch instead.
        if (isReconnect) {
          log.info('Live events reconnected to the database');
          deliver({ to: 'everyone', event: { type: 'resync' } });
        }
      } catch (error) {
        lost(error as Error);
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  async function publish(to: Envelope['to'], event: LiveEvent): Promise<void> {
    if (to !== 'everyone' && to.length === 0) return;
    const envelope: Envelope = { to, event };
    try {
      await db.$client.query('select pg_notify($1, $2)', [
        EVENTS_CHANNEL,
        JSON.stringify(envelope),
      ]);
    } catch (error) {
      log.warn({ err: error, event: event.type }, 'Could not publish a live event');
    }
  }

  async function publishIn(tx: Executor, to: Envelope['to'], event: LiveEvent): Promise<void> {
    if (to === 'everyone') {
      await notifyIn(tx, { to, event });
      return;
    }
    const members = [...new Set(to)];
    // NOTIFY payloads stop at 8000 bytes: a few hundred member ids per notification.
    for (let start = 0; start < members.length; start += NOTIFY_MEMBERS) {
      await notifyIn(tx, { to: members.slice(start, start + NOTIFY_MEMBERS), event });
    }
  }

  async function notifyIn(tx: Executor, envelope: Envelope): Promise<void> {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`);
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
      if (!tx) closeEnded(ended);
      const payload = JSON.stringify({ ended } satisfies Message);
      if (tx) {
        await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
        return;
      }
      try {
        await db.$client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
      } catch (error) {
        log.warn({ err: error }, 'Could not announce ended sessions');
      }
    },

    itemsChanged() {
      tellItemsListeners();
      if (itemsTimer || closed) return;
      const wait = itemsSentAt + itemsWindowMs - Date.now();
      if (wait <= 0) return sendItemsChanged();
      itemsTimer = setTimeout(() => {
        itemsTimer = null;
        sendItemsChanged();
      }, wait);
      itemsTimer.unref();
    },

    onItemsChanged(listener) {
      itemsListeners.push(listener);
    },

    deliverLocally(event) {
      deliver({ to: 'everyone', event });
    },

    async listening() {
      if (closed) return;
      if (!listener) void listen(false);
      await connecting;
    },

    keepListening() {
      keep = true;
      if (!listener && !closed) void listen(false);
    },

    onLink(listener) {
      linkListeners.push(listener);
    },

    onKeptChanged(kind, listener) {
      keptListeners.push({ kind, listener });
    },

    subscribe(userId, subscriber) {
      let set = subscribers.get(userId);
      if (!set) {
        set = new Set();
        subscribers.set(userId, set);
      }
      set.add(subscriber);
      if (!listener && !closed) void listen(false);
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
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (itemsTimer) clearTimeout(itemsTimer);
      for (const set of subscribers.values()) for (const s of set) s.close();
      subscribers.clear();
      await connecting;
      const client = listener;
      listener = null;
      stopLinkCheck();
      if (client) tellLink(false);
      await client?.end().catch(() => {});
    },
  };
}
