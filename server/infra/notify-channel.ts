import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Executor } from '../db/client.js';

/** One channel per database; every app server on the database listens to it. */
export const EVENTS_CHANNEL = 'swapmarket_events';

/** The listening connection's application_name. */
export const LISTENER_NAME = 'swapmarket-events';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/**
 * The listening connection is asked a question this often, and must answer within as long: a
 * connection a firewall or a dead host dropped without a word would otherwise look alive, and
 * every notice sent meanwhile would be lost unseen.
 */
const LINK_CHECK_MS = 2_000;

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (msg: string) => void;
};

/** A payload read off the channel, parsed as JSON. */
export type ChannelMessage = Record<string, unknown>;

export type NotifyChannel = {
  /** Sends `message` to every app server, now (its own statement). Never rejects. */
  send: (message: object) => Promise<boolean>;
  /**
   * Sends `message` when `tx` commits: PostgreSQL delivers a NOTIFY only then, and drops it on a
   * rollback, so the message exists exactly when the change does.
   */
  sendIn: (tx: Executor, message: object) => Promise<void>;
  /** Calls `handler` with every message that arrives, from any server or database trigger. */
  onMessage: (handler: (message: ChannelMessage) => void) => void;
  /**
   * Calls `listener` with true whenever this server starts listening (`reconnected` after a lost
   * link: what was sent in between never arrived), and with false whenever it stops.
   */
  onLink: (listener: (listening: boolean, reconnected: boolean) => void) => void;
  /** Listens now if it does not yet; resolves once it does, or has tried to. */
  listening: () => Promise<void>;
  /** Whether the connection listens at this moment. */
  isListening: () => boolean;
  /**
   * Listens from now on and comes back after every lost link. Without it, the channel comes back
   * only while `wanted` (given at creation) says someone needs it.
   */
  keepListening: () => void;
  close: () => Promise<void>;
};

/**
 * PostgreSQL LISTEN/NOTIFY as this server's ear and mouth: a write on any app server, or a trigger
 * in the database, reaches every other server with nothing to run besides the database. The
 * listening connection is opened on first need, checked every few seconds, and opened again
 * with a growing delay when it is lost.
 */
export function createNotifyChannel(
  db: Database,
  log: Log,
  options: { linkCheckMs?: number; wanted?: () => boolean } = {},
): NotifyChannel {
  const linkCheckMs = options.linkCheckMs ?? LINK_CHECK_MS;
  const wanted = options.wanted ?? (() => false);
  const handlers: Array<(message: ChannelMessage) => void> = [];
  const linkListeners: Array<(listening: boolean, reconnected: boolean) => void> = [];
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  let linkCheck: NodeJS.Timeout | null = null;
  let heard = false;
  let closed = false;
  let keep = false;

  const tellLink = (listening: boolean, reconnected: boolean) => {
    heard = listening;
    for (const listen of linkListeners) listen(listening, reconnected);
  };

  function onNotification(notification: pg.Notification): void {
    if (notification.channel !== EVENTS_CHANNEL || !notification.payload) return;
    let message: unknown;
    try {
      message = JSON.parse(notification.payload);
    } catch (error) {
      log.warn({ err: error }, 'Ignoring a malformed notice');
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    for (const handler of handlers) handler(message as ChannelMessage);
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
    if (closed || reconnectTimer || !(keep || wanted())) return;
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
      tellLink(false, false);
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
        if (isReconnect) log.info('Live events reconnected to the database');
        tellLink(true, isReconnect);
      } catch (error) {
        lost(error as Error);
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  return {
    async send(message) {
      try {
        await db.$client.query('select pg_notify($1, $2)', [
          EVENTS_CHANNEL,
          JSON.stringify(message),
        ]);
        return true;
      } catch (error) {
        log.warn({ err: error }, 'Could not send a notice');
        return false;
      }
    },

    async sendIn(tx, message) {
      await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
    },

    onMessage(handler) {
      handlers.push(handler);
    },

    onLink(listen) {
      linkListeners.push(listen);
    },

    async listening() {
      if (closed) return;
      if (!listener) void listen(false);
      await connecting;
    },

    isListening: () => heard,

    keepListening() {
      keep = true;
      if (!listener && !closed) void listen(false);
    },

    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await connecting;
      const client = listener;
      listener = null;
      stopLinkCheck();
      if (client) tellLink(false, false);
      await client?.end().catch(() => {});
    },
  };
}
