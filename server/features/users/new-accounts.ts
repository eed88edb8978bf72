import { sql } from 'drizzle-orm';
import LinkifyIt from 'linkify-it';
import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

/**
 * Issue 40 §4: an account younger than NEW_ACCOUNT_DAYS, or whose email address is not verified,
 * is new. New accounts trade at lower rates (RATE_LIMIT_*_NEW) and send no links: the accounts
 * scammers make flood offers and lead people off the site, and an established account costs time.
 */
export async function isNewAccount(ctx: AppContext, member: Actor): Promise<boolean> {
  // A member of another community is new here for their first days here: their address is
  // their home's to verify, and we never hold it.
  const { rows } = await ctx.db.execute<{ new: boolean }>(sql`
    select (email_verified_at is null and origin_instance_id is null)
        or created_at > now() - ${ctx.config.newAccountDays} * interval '1 day' as new
      from users where id = ${member.id}`);
  return rows[0]?.new ?? true;
}

/** Web addresses and email addresses, written in full or not ("example.com" counts). */
const links = new LinkifyIt();

export const containsLink = (text: string): boolean => links.test(text);

export const noLinksYet = (days: number) =>
  days > 0
    ? `Links and email addresses can be sent once your account is ${days} days old and your email address is verified`
    : 'Links and email addresses can be sent once your email address is verified';

/** 400 when a new account's text names a link or an email address. */
export async function refuseLinksFromNewAccount(
  ctx: AppContext,
  author: Actor,
  ...texts: Array<string | null | undefined>
): Promise<void> {
  if (!texts.some((text) => text && containsLink(text))) return;
  if (await isNewAccount(ctx, author))
    throw new AppError(400, noLinksYet(ctx.config.newAccountDays));
}

/** The limit that applies to this member: the lower one while their account is new. */
export async function limitFor(
  ctx: AppContext,
  member: Actor,
  limits: { established: number; whileNew: number },
): Promise<number> {
  if (!ctx.config.rateLimits.enabled || limits.whileNew >= limits.established)
    return limits.established;
  return (await isNewAccount(ctx, member)) ? limits.whileNew : limits.established;
}
