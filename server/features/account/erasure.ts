import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { DELETED_MEMBER, ERASED_NAMES, WRONG_PASSWORD } from '../../../shared/account.js';
import './account.events.js';
import { displayName } from '../../../shared/names.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { notifications } from '../../db/schema/notifications.js';
import { roundEntries, rounds } from '../../db/schema/rounds.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../errors.js';
import { destroyUserSessions } from '../../infra/session-store.js';
import { verifyPassword } from '../auth/password.js';
import { deleteImages } from '../images/images.service.js';
import { closeOffersOfMember, lockItemRows } from '../items/availability.js';
import { removeListing } from '../items/items.service.js';
import { listingsChanged } from '../items/listing-changes.js';
import { removeMemberDevices } from '../push/push.service.js';
import { USER_NOT_FOUND } from '../users/users.service.js';
import { appendErasures, readErasures } from './erasure-list.js';
import { columnsTo } from './member-data.js';

/** What an erased account's row keeps: a password nothing matches, an address nobody has. */
export const ERASED_PASSWORD = '!erased';
export const ERASED_EMAIL_DOMAIN = '@erased.invalid';

const OFFER_CLOSED = 'Closed: the other member deleted their account';

/**
 * DELETE /api/account: the member erases themself, giving their password again. Wrong guesses
 * count against the account's sign-in failures (the same limit as POST /api/login), so a
 * borrowed session cannot be used to guess the password.
 */
export async function eraseOwnAccount(
  ctx: AppContext,
  member: UserRow,
  password: string,
): Promise<void> {
  const rule = {
    key: `login-fail:acct:${member.email.toLowerCase()}`,
    limit: ctx.config.rateLimits.loginFailuresPerAccount,
    windowMs: ctx.config.rateLimits.windowMs,
  };
  await ctx.rateLimiter.check(
    rule,
    'Too many failed attempts. Please wait a few minutes and try again.',
  );
  if (!(await verifyPassword(password, member.password))) {
    await ctx.rateLimiter.record(rule);
    throw new AppError(403, WRONG_PASSWORD);
  }
  await eraseAccount(ctx, member.id);
}

/**
 * Erases a member of this site (issue 40 §1), by their own request or an admin's: their
 * profile, address, password, sessions, devices, saved items, searches and alerts, blocks,
 * notifications and page views go; listings no trade names are deleted with their photos, the
 * others hidden with their first photo; open offers, circles and round entries are closed; what
 * the other party needs (offers, chats, circles, ratings, problems) stays, naming a tombstone
 * row called "Deleted member". One transaction; then the id joins the list of erasures kept
 * beside the data. 404 for an unknown, already erased or remote member.
 */
export async function eraseAccount(
  ctx: AppContext,
  memberId: string,
  /** False when the list of erasures already names them (reapplyErasures). */
  { list = true }: { list?: boolean } = {},
): Promise<void> {
  const erasedAt = await transact(ctx.db, async (tx) => {
    // Listings first, in id order, as every trade locks them (items/availability.ts).
    const listed = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.userId, memberId), isNull(items.deletedAt)));
    await lockItemRows(
      tx,
      listed.map((row) => row.id),
    );
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!member || member.erasedAt || member.originInstanceId !== null)
      throw new AppError(404, USER_NOT_FOUND);
    return eraseInTransaction(ctx, tx, member);
  });
  if (list) await appendErasures(ctx.config.erasuresFile, [{ id: memberId, erasedAt }]);
}

async function eraseInTransaction(
  ctx: AppContext,
  tx: Transaction,
  member: UserRow,
): Promise<string> {
  const id = member.id;
  // Their offers first (accepted ones let go of both sides' listings), then what holds their
  // listings: open rounds' entries; circles are called off as the listings are deleted.
  await closeOffersOfMember(ctx, tx, id, OFFER_CLOSED);
  const entered = await tx
    .delete(roundEntries)
    .where(
      and(
        eq(roundEntries.userId, id),
        inArray(
          roundEntries.roundId,
          tx.select({ id: rounds.id }).from(rounds).where(eq(rounds.state, 'open')),
        ),
      ),
    )
    .returning({ itemId: roundEntries.itemId });
  if (entered.length > 0) {
    await tx
      .update(items)
      .set({ reservedBy: null })
      .where(
        inArray(
          items.id,
          entered.map((entry) => entry.itemId),
        ),
      );
  }
  const listings = await tx
    .select({ id: items.id, userId: items.userId, images: items.images })
    .from(items)
    .where(and(eq(items.userId, id), isNull(items.deletedAt)))
    .orderBy(items.id);
  await listingsChanged(ctx, tx, 'deleted', listings);
  for (const listing of listings) await removeListing(ctx, tx, listing.id, listing.images);
  // Other instances forget them too (federation/member-gone.ts).
  await ctx.hooks.emit(tx, 'member.erased', { memberId: id });

  // Other members' notifications named them: the name goes, the notification stays.
  const name = displayName(member);
  await tx
    .update(notifications)
    .set({ text: sql`replace(${notifications.text}, ${name}, ${DELETED_MEMBER})` })
    .where(eq(notifications.actorId, id));
  if (member.profileImageUrl) await deleteImages(tx, [member.profileImageUrl]);
  await destroyUserSessions(tx, ctx.sessionCache, id);
  await removeMemberDevices(tx, id);
  for (const [table, column] of columnsTo('delete'))
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    );
  for (const [table, column] of columnsTo('clear')) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = null where ${sql.identifier(column)} = ${id}`,
    );
  }
  const [erased] = await tx
    .update(users)
    .set({
      email: `${id}${ERASED_EMAIL_DOMAIN}`,
      password: ERASED_PASSWORD,
      ...ERASED_NAMES,
      nickname: null,
      nicknameKey: null,
      bio: null,
      location: null,
      profileImageUrl: null,
      resetToken: null,
      resetTokenExpires: null,
      verifyToken: null,
      verifyTokenExpires: null,
      isAdmin: false,
      emailVerifiedAt: null,
      suspendedAt: null,
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ erasedAt: users.erasedAt });
  return (erased?.erasedAt ?? new Date()).toISOString();
}

/**
 * Brings the database in line with the list of erasures beside the data, when the app starts
 * and after a restore: a member the list names who is back (the snapshot predates their
 * erasure) is erased again; an erasure the database has and the list lacks (the app stopped
 * between the commit and the append) is added to the list. Returns the members erased again.
 */
export async function reapplyErasures(ctx: AppContext): Promise<number> {
  const listed = await readErasures(ctx.config.erasuresFile);
  const recorded = await ctx.db
    .select({ id: users.id, erasedAt: users.erasedAt })
    .from(users)
    .where(isNotNull(users.erasedAt));
  await appendErasures(
    ctx.config.erasuresFile,
    recorded
      .filter((row) => !listed.has(row.id))
      .map((row) => ({ id: row.id, erasedAt: (row.erasedAt ?? new Date()).toISOString() })),
  );
  const ids = [...listed];
  let erased = 0;
  for (let start = 0; start < ids.length; start += 1000) {
    const back = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, ids.slice(start, start + 1000)),
          isNull(users.erasedAt),
          isNull(users.originInstanceId),
        ),
      );
    for (const member of back) {
      await eraseAccount(ctx, member.id, { list: false });
      erased += 1;
    }
  }
  if (erased > 0)
    ctx.log.warn(
      `Erased ${erased} member(s) again: the list of erasures (${ctx.config.erasuresFile}) names them, and this database had them back (restored from a snapshot taken before they were erased).`,
    );
  return erased;
}
