import {
  and,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  notExists,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { oncePerDatabase } from '../db/prepared.js';
import { pushSubscriptions } from '../db/schema/push.js';
import { type SessionData, sessions, type UserRow, users } from '../db/schema/users.js';
import type { CachedSession, SessionCache } from './session-cache.js';
import { hashToken, newToken } from './tokens.js';

export type SessionPolicy = { idleMs: number; absoluteMs: number };

const LIVE_CHECK_BATCH = 1000;

/** Moving the idle expiry on every request would write on every read; once a minute is plenty. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  db: Database,
  userId: string,
  policy: SessionPolicy,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  const sess: SessionData = { userId, createdAt: now.toISOString() };
  await db.insert(sessions).values({
    sid: hashToken(token),
    sess,
    expire: new Date(now.getTime() + policy.idleMs),
  });
  return token;
}

/**
 * Every signed-in request reads its session: one statement prepared once per pooled connection
 * (per database handle), so it is never planned again.
 */
const sessionUserStatement = oncePerDatabase((db) =>
  db
    .select({ user: getTableColumns(users), sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
    // A suspended member's sessions end the moment the suspension commits.
    .where(
      and(
        eq(sessions.sid, sql.placeholder('sid')),
        gt(sessions.expire, sql`now()`),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/**
 * The user behind a live session, or null; slides the idle expiry forward as it goes. A session
 * `cache` knows answers for a moment; the rules of expiry apply to them all the same.
 */
export async function findSessionUser(
  db: Database,
  cache: SessionCache,
  token: string,
  policy: SessionPolicy,
): Promise<UserRow | null> {
  const sid = hashToken(token);
  const now = Date.now();
  let session = cache.get(sid, now);
  if (!session) {
    const stamp = cache.stamp();
    const [row] = await sessionUserStatement(db).execute({ sid });
    if (!row) return null;
    session = {
      // Shared by every request that finds it in memory: nobody may change it.
      user: Object.freeze(row.user),
      createdAt: Date.parse(row.sess.createdAt),
      expire: row.expire.getTime(),
    } satisfies CachedSession;
    cache.remember(sid, session, stamp, now);
  }
  if (session.createdAt + policy.absoluteMs <= now) {
    await destroySessionById(db, cache, sid);
    return null;
  }
  if (session.expire - now < policy.idleMs - TOUCH_AFTER_MS) {
    // Forward only, by the database's clock: two servers moving it at once, or a server whose
    // clock is behind, never move it back, nor revive a session that has expired meanwhile.
    const [moved] = await db
      .update(sessions)
      .set({
        expire: sql`greatest(${sessions.expire}, now() + ${policy.idleMs}::bigint * interval '1 millisecond')`,
      })
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`)))
      .returning({ expire: sessions.expire });
    if (!moved) {
      cache.forgetSession(sid);
      return null;
    }
    cache.extend(sid, moved.expire.getTime());
  }
  return session.user;
}

/**
 * Which of these sessions (by stored id) still stand: not expired, idle or absolutely, and their
 * member's account is there and not suspended. Never slides an idle expiry: a long-lived stream
 * that re-checks its session must not keep an otherwise idle session alive.
 */
export async function liveSessionKeys(
  db: Executor,
  sessionKeys: readonly string[],
  policy: SessionPolicy,
): Promise<Set<string>> {
  const absoluteCutoff = new Date(Date.now() - policy.absoluteMs).toISOString();
  const live = new Set<string>();
  // A server may hold many streams: asked a thousand at a time (parameters are bounded).
  for (let start = 0; start < sessionKeys.length; start += LIVE_CHECK_BATCH) {
    const rows = await db
      .select({ sid: sessions.sid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
      .where(
        and(
          inArray(sessions.sid, sessionKeys.slice(start, start + LIVE_CHECK_BATCH)),
          gt(sessions.expire, sql`now()`),
          sql`(${sessions.sess}->>'createdAt')::timestamptz > ${absoluteCutoff}::timestamptz`,
          isNull(users.suspendedAt),
        ),
      );
    for (const row of rows) live.add(row.sid);
  }
  return live;
}

/** Whether a session still stands (see liveSessionKeys), without sliding its idle expiry. */
export async function sessionIsLive(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<boolean> {
  const sid = sessionKeyOf(token);
  return (await liveSessionKeys(db, [sid], policy)).has(sid);
}

/** The session's stored id: what the database and the live streams know it by, never the token. */
export const sessionKeyOf = (token: string): string => hashToken(token);

async function destroySessionById(
  db: Database,
  cache: SessionCache,
  sid: string,
): Promise<string | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.sid, sid))
    .returning({ sess: sessions.sess });
  // At once on this server; the others hear it from the database (migration 0018).
  cache.forgetSession(sid);
  return ended?.sess.userId ?? null;
}

/** Ends one session; returns its member's id, or null when there was no such session. */
export function destroySession(
  db: Database,
  cache: SessionCache,
  token: string,
): Promise<string | null> {
  return destroySessionById(db, cache, sessionKeyOf(token));
}

/**
 * Ends every session of a member, or every one but `exceptToken`'s; in `db`, which may be the
 * transaction of the change that ends them (a suspension, a password reset). Every app server
 * hears of it from the database once it commits (migration 0018's trigger): its session cache
 * forgets them, and the sessions' live streams end (features/events).
 */
export async function destroyUserSessions(
  db: Executor,
  cache: SessionCache,
  userId: string,
  exceptToken?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        sql`${sessions.sess}->>'userId' = ${userId}`,
        exceptToken === undefined ? undefined : ne(sessions.sid, sessionKeyOf(exceptToken)),
      ),
    );
  cache.forgetMember(userId);
}

/**
 * Deletes expired sessions (hourly, from maintenance), then the push devices of members left with
 * no session at all: a member signed out everywhere, by expiry or otherwise, gets no more pushes
 * on any device (their texts show on lock screens of devices nobody is signed in on). Devices are
 * stored per member, not per session: while one session of theirs lives, every device stays.
 */
export async function purgeExpiredSessions(db: Database, policy: SessionPolicy): Promise<void> {
  const absoluteCutoff = new Date(Date.now() - policy.absoluteMs).toISOString();
  await db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(
        sql`${lte(sessions.expire, sql`now()`)} or (${sessions.sess}->>'createdAt')::timestamptz <= ${absoluteCutoff}::timestamptz`,
      );
    await tx
      .delete(pushSubscriptions)
      .where(
        notExists(
          tx
            .select({ one: sql`1` })
            .from(sessions)
            .where(sql`${sessions.sess}->>'userId' = ${pushSubscriptions.userId}`),
        ),
      );
  });
}
