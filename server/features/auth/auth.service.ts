import { and, eq, gt, sql } from 'drizzle-orm';
import type { RegisterInput } from '../../../shared/auth.schemas.js';
import { RESET_MESSAGES } from '../../../shared/auth.schemas.js';
import { ACCOUNT_SUSPENDED } from '../../../shared/member-reports.js';
import type { AppContext } from '../../context.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { queueEmail } from '../../infra/email-queue.js';
import { createSession, destroySession, destroyUserSessions } from '../../infra/session-store.js';
import { hashToken, newToken } from '../../infra/tokens.js';
import { passwordResetEmail, verificationEmail } from './auth.emails.js';
import { hashPassword, passwordDecoy, verifyPassword } from './password.js';

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SIGN_IN_FAILED = 'Invalid email or password';
export const RESET_REQUESTED =
  'If an account exists for that address, we have emailed it a link to reset the password.';
const INVALID_VERIFY_LINK = 'This verification link is invalid or expired.';

type Signed = { user: UserRow; token: string };

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  const token = newToken();
  await ctx.db
    .update(users)
    .set({
      verifyToken: hashToken(token),
      verifyTokenExpires: new Date(Date.now() + VERIFY_TTL_MS),
    })
    .where(eq(users.id, user.id));
  const link = `${ctx.config.publicUrl}/verify-email?token=${token}`;
  await queueEmail(ctx.jobs, ctx.db, verificationEmail(ctx.config.siteName, user.email, link));
}

export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  address: string,
): Promise<Signed> {
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

  const password = await hashPassword(input.password);
  let user: UserRow | undefined;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        password,
        firstName: input.firstName,
        lastName: input.lastName,
        nickname: input.nickname,
        isAdmin: ctx.config.adminEmails.includes(input.email.toLowerCase()),
      })
      .returning();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_lower_idx')
      throw new AppError(409, 'An account with this email already exists');
    if (constraint === 'users_nickname_lower_idx')
      throw new AppError(409, 'That nickname is already taken');
    throw error;
  }
  if (!user) throw new Error('insert returned no user');
  await sendVerification(ctx, user);
  return { user, token: await createSession(ctx.db, user.id, ctx.config.session) };
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
  previousToken: string | null,
): Promise<Signed> {
  const { rateLimits } = ctx.config;
  const window = rateLimits.windowMs;
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
  await ctx.rateLimiter.check(accountRule, tooMany);
  await ctx.rateLimiter.check(addressRule, tooMany);

  const [user] = await ctx.db.select().from(users).where(byEmail(input.email)).limit(1);
  // Unknown address or wrong password: the same work, the same answer.
  const valid = await verifyPassword(input.password, user?.password ?? (await passwordDecoy()));
  if (!user || !valid) {
    await Promise.all([ctx.rateLimiter.record(accountRule), ctx.rateLimiter.record(addressRule)]);
    throw new AppError(401, SIGN_IN_FAILED);
  }
  await ctx.rateLimiter.reset(accountRule.key);
  // Said only to someone who knows the password.
  if (user.suspendedAt) throw new AppError(403, ACCOUNT_SUSPENDED);
  // A fresh session id at every sign-in: a planted cookie never becomes a signed-in one.
  if (previousToken) await destroySession(ctx.db, previousToken);
  return { user, token: await createSession(ctx.db, user.id, ctx.config.session) };
}

export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  address: string,
): Promise<void> {
  const { rateLimits } = ctx.config;
  const hour = 60 * 60 * 1000;
  await ctx.rateLimiter.consume({
    key: `reset:addr:${address}`,
    limit: rateLimits.resetRequestsPerAddress,
    windowMs: hour,
  });
  const [user] = await ctx.db.select().from(users).where(byEmail(email)).limit(1);
  if (!user) return;
  try {
    // Per account the limit is silent, or its answer would tell that the account exists.
    await ctx.rateLimiter.consume({
      key: `reset:acct:${user.id}`,
      limit: rateLimits.resetRequestsPerAccount,
      windowMs: hour,
    });
  } catch {
    return;
  }
  const token = newToken();
  await ctx.db
    .update(users)
    .set({ resetToken: hashToken(token), resetTokenExpires: new Date(Date.now() + RESET_TTL_MS) })
    .where(eq(users.id, user.id));
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await queueEmail(ctx.jobs, ctx.db, passwordResetEmail(ctx.config.siteName, user.email, link));
}

export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<void> {
  const password = await hashPassword(newPassword);
  // One statement finds, uses up and clears the token, so it can never be used twice.
  const [user] = await ctx.db
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
  await destroyUserSessions(ctx.db, user.id);
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

export async function resendVerification(ctx: AppContext, user: UserRow): Promise<string> {
  if (user.emailVerifiedAt) return 'Your email address is already verified.';
  await ctx.rateLimiter.consume(
    { key: `verify:acct:${user.id}`, limit: 3, windowMs: 60 * 60 * 1000 },
    'We have already sent several links. Please check your inbox and try again later.',
  );
  await sendVerification(ctx, user);
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
