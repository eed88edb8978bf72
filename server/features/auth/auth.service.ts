import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RegisterInput } from '../../../shared/auth.schemas.js';
import { RESET_MESSAGES } from '../../../shared/auth.schemas.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales.js';
import { translatorFor } from '../../../shared/i18n/translators.js';
import { ACCOUNT_SUSPENDED } from '../../../shared/member-reports.js';
import type { AppContext } from '../../context.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { queueAddressProof } from '../../infra/email-queue.js';
import type { HandleJobs } from '../../infra/features.js';
import { createSession, destroySession, destroyUserSessions } from '../../infra/session-store.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { removeMemberDevices } from '../push/push.service.js';
import { nicknameConflict, requireNicknameFree } from '../users/nickname-key.js';
import './auth.events.js';
import { passwordResetEmail, verificationEmail } from './auth.emails.js';
import { hashPassword, passwordDecoy, verifyPassword } from './password.js';

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SIGN_IN_FAILED = 'Invalid email or password';
export const RESET_REQUESTED =
  'If an account exists for that address, we have emailed it a link to reset the password.';
const INVALID_VERIFY_LINK = 'This verification link is invalid or expired.';

type Signed = { user: UserRow; token: string };
/** Signed in, with the value of this account's new device cookie. */
type SignedIn = Signed & { device: string };

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * The language of an email about an account: the one chosen on it, else the request's that
 * causes the email (the footer's cookie, else Accept-Language), for a member who chose none.
 */
const emailTranslator = (user: UserRow, requestLocale: Locale) =>
  translatorFor(isLocale(user.locale) ? user.locale : requestLocale);

async function sendVerification(
  ctx: AppContext,
  user: UserRow,
  requestLocale: Locale,
): Promise<void> {
  const token = newToken();
  await ctx.db
    .update(users)
    .set({
      verifyToken: hashToken(token),
      verifyTokenExpires: new Date(Date.now() + VERIFY_TTL_MS),
    })
    .where(eq(users.id, user.id));
  const link = `${ctx.config.publicUrl}/verify-email?token=${token}`;
  await queueAddressProof(
    ctx.jobs,
    ctx.db,
    'verify-address',
    verificationEmail(emailTranslator(user, requestLocale), ctx.config.siteName, user.email, link),
  );
}

export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  address: string,
  /** The language the visitor picked before registering, kept on the account (issue 41). */
  locale: Locale | null = null,
  /** The request's language, for the verification email when the visitor picked none. */
  requestLocale: Locale = locale ?? DEFAULT_LOCALE,
): Promise<SignedIn> {
  const { rateLimits } = ctx.config;
  await ctx.rateLimiter.consume(
    {
      key: `register:addr:${address}`,
      limit: rateLimits.registrationsPerAddress,
      windowMs: 60 * 60 * 1000,
    },
    'Too many new accounts from this network. Please try again later.',
  );
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(byEmail(input.email))
    .limit(1);
  if (existing) throw new AppError(409, 'An account with this email already exists');
  const nicknameKey = await requireNicknameFree(ctx.db, input.nickname);

  const password = await hashPassword(input.password);
  let user: UserRow | undefined;
  try {
    user = await transact(ctx.db, async (tx) => {
      const [made] = await tx
        .insert(users)
        .values({
          email: input.email,
          password,
          firstName: input.firstName,
          lastName: input.lastName,
          nickname: input.nickname,
          nicknameKey,
          isAdmin: ctx.config.adminEmails.includes(input.email.toLowerCase()),
          locale,
        })
        .returning();
      if (made) await ctx.hooks.emit(tx, 'member.registered', { userId: made.id });
      return made;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_lower_idx')
      throw new AppError(409, 'An account with this email already exists');
    throw nicknameConflict(constraint) ?? error;
  }
  if (!user) throw new Error('insert returned no user');
  await sendVerification(ctx, user, requestLocale);
  return {
    user,
    token: await createSession(ctx.db, user.id, ctx.config.session),
    device: newDeviceCookie(input.email),
  };
}

/**
 * The browser's proof that it signed in to this account before (OWASP, "Slow Down Online
 * Guessing Attacks with Device Cookies"): `<account>.<nonce>`, signed with the session secret,
 * sent only to POST /api/login. `<account>` is a hash of the normalised email, so the cookie
 * names the account without revealing it.
 */
export function deviceAccountTag(email: string): string {
  return hashToken(`device:${email.trim().toLowerCase()}`).slice(0, 22);
}

const newDeviceCookie = (email: string) => `${deviceAccountTag(email)}.${newToken()}`;

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
  previousToken: string | null,
  /** The unsigned value of this account's device cookie, if the browser sent a valid one. */
  deviceCookie: string | null = null,
): Promise<SignedIn> {
  const { rateLimits } = ctx.config;
  const window = rateLimits.windowMs;
  const account = deviceAccountTag(input.email);
  const accountRule = {
    key: `login-fail:acct:${input.email.toLowerCase()}`,
    limit: rateLimits.loginFailuresPerAccount,
    windowMs: window,
  };
  const addressRule = {
    key: `login-fail:addr:${address}`,
    limit: rateLimits.loginFailuresPerAddress,
    windowMs: window,
  };
  const tooMany = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

  // A browser that signed in to this account before is trusted with its own failure counter:
  // failures from strangers, which lock the account and the address, do not lock it out.
  const device = deviceCookie?.startsWith(`${account}.`) ? deviceCookie : null;
  const deviceRule = device && {
    key: `login-fail:device:${hashToken(device)}`,
    limit: rateLimits.loginFailuresPerAccount,
    windowMs: window,
  };
  const trusted = deviceRule ? !(await ctx.rateLimiter.isFull(deviceRule)) : false;
  if (!trusted) {
    await ctx.rateLimiter.check(accountRule, tooMany);
    await ctx.rateLimiter.check(addressRule, tooMany);
  }

  const [user] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  // Unknown address or wrong password: the same work, the same answer.
  const valid = await verifyPassword(input.password, user?.password ?? (await passwordDecoy()));
  if (!user || !valid) {
    if (trusted && deviceRule) await ctx.rateLimiter.record(deviceRule);
    else
      await Promise.all([ctx.rateLimiter.record(accountRule), ctx.rateLimiter.record(addressRule)]);
    throw new AppError(401, SIGN_IN_FAILED);
  }
  // A success from a trusted device leaves the strangers' count as it is: it says nothing of them.
  if (trusted && deviceRule) await ctx.rateLimiter.reset(deviceRule.key);
  else await ctx.rateLimiter.reset(accountRule.key);
  // Said only to someone who knows the password.
  if (user.suspendedAt) throw new AppError(403, ACCOUNT_SUSPENDED);
  // A fresh session id at every sign-in: a planted cookie never becomes a signed-in one.
  if (previousToken) await destroySession(ctx.db, ctx.sessionCache, previousToken);
  return {
    user,
    token: await createSession(ctx.db, user.id, ctx.config.session),
    device: newDeviceCookie(input.email),
  };
}

/**
 * Ends this browser's session. Its live streams end with it on every app server: the database's
 * notice of the deleted session reaches them (features/events).
 */
export async function signOut(ctx: AppContext, token: string | null): Promise<void> {
  if (!token) return;
  await destroySession(ctx.db, ctx.sessionCache, token);
}

export const PASSWORD_RESET_QUEUE = 'password-reset';
const RESET_JITTER_MS = 2000;
/** `locale`: the request's language, for an account with none chosen (absent in older jobs). */
const resetJobSchema = z.object({ email: z.string(), locale: z.string().optional() });

/**
 * Asks for a reset link. The request does the same work whatever the address (the per-address
 * limit, then one job), so neither its answer nor its timing tells whether an account exists;
 * the job looks the account up and sends the email after the response (`sendPasswordReset`).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  address: string,
  requestLocale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  await ctx.rateLimiter.consume({
    key: `reset:addr:${address}`,
    limit: ctx.config.rateLimits.resetRequestsPerAddress,
    windowMs: 60 * 60 * 1000,
  });
  // At a random moment in the next two seconds: the work an existing account causes (token,
  // email) then never lines up with the request that caused it, for someone timing responses.
  await ctx.jobs.enqueue(
    ctx.db,
    PASSWORD_RESET_QUEUE,
    { email: email.toLowerCase(), locale: requestLocale },
    { runAt: new Date(Date.now() + randomInt(RESET_JITTER_MS)) },
  );
}

/** The reset job: for an account that exists and is under its hourly limit, a token and an email. */
export async function sendPasswordReset(
  ctx: AppContext,
  email: string,
  requestLocale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user) return;
  try {
    // Per account the limit is silent, or its answer would tell that the account exists.
    await ctx.rateLimiter.consume({
      key: `reset:acct:${user.id}`,
      limit: ctx.config.rateLimits.resetRequestsPerAccount,
      windowMs: 60 * 60 * 1000,
    });
  } catch {
    return;
  }
  const token = newToken();
  await transact(ctx.db, async (tx) => {
    await tx
      .update(users)
      .set({
        resetToken: hashToken(token),
        resetTokenExpires: new Date(Date.now() + RESET_TTL_MS),
      })
      .where(eq(users.id, user.id));
    const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
    await queueAddressProof(
      ctx.jobs,
      tx,
      'reset-password',
      passwordResetEmail(
        emailTranslator(user, requestLocale),
        ctx.config.siteName,
        user.email,
        link,
      ),
    );
  });
}

export function authJobs(ctx: AppContext, handle: HandleJobs): void {
  handle(PASSWORD_RESET_QUEUE, (payload) => {
    const job = resetJobSchema.parse(payload);
    return sendPasswordReset(ctx, job.email, isLocale(job.locale) ? job.locale : DEFAULT_LOCALE);
  });
}

export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<void> {
  const password = await hashPassword(newPassword);
  // One transaction: the new password, every session ended and every push device forgotten.
  await transact(ctx.db, async (tx) => {
    // One statement finds, uses up and clears the token, so it can never be used twice.
    const [user] = await tx
      .update(users)
      .set({
        password,
        resetToken: null,
        resetTokenExpires: null,
        // Following the emailed link proves the address, as the verification link would.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.resetToken, hashToken(token)), gt(users.resetTokenExpires, sql`now()`)))
      .returning({ id: users.id });
    if (!user) throw new AppError(400, RESET_MESSAGES.invalidLink.text);
    // Whoever knew the old password is out, on every device and every live stream (whose
    // servers hear of the ended sessions from the database), and gets no more pushes.
    await destroyUserSessions(tx, ctx.sessionCache, user.id);
    await removeMemberDevices(tx, user.id);
  });
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<UserRow> {
  const [user] = await ctx.db
    .update(users)
    .set({
      emailVerifiedAt: sql`now()`,
      verifyToken: null,
      verifyTokenExpires: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.verifyToken, hashToken(token)), gt(users.verifyTokenExpires, sql`now()`)))
    .returning();
  if (!user) throw new AppError(400, INVALID_VERIFY_LINK);
  return user;
}

export async function resendVerification(
  ctx: AppContext,
  user: UserRow,
  requestLocale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  if (user.emailVerifiedAt) return 'Your email address is already verified.';
  await ctx.rateLimiter.consume(
    { key: `verify:acct:${user.id}`, limit: 3, windowMs: 60 * 60 * 1000 },
    'We have already sent several links. Please check your inbox and try again later.',
  );
  await sendVerification(ctx, user, requestLocale);
  return `We have sent a new link to ${user.email}.`;
}

/** Promotes ADMIN_EMAILS accounts that exist already; new ones are promoted as they register. */
export async function promoteConfiguredAdmins(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<void> {
  const emails = ctx.config.adminEmails;
  if (emails.length === 0) return;
  await ctx.db
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.isAdmin, false), sql`lower(${users.email}) in ${emails}`));
}

export async function makeAdmin(
  ctx: Pick<AppContext, 'db'>,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await ctx.db
    .update(users)
    .set({ isAdmin: true })
    .where(byEmail(email))
    .returning();
  return user;
}
