import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/users.js';
import {
  createTestApp,
  memberInput,
  registerMember,
  sessionCookie,
  type TestApp,
} from '../../testing/app.js';
import { startSmtpServer, tokenFromLink } from '../../testing/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'Boss@Example.com' });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

const currentUser = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('POST /api/register', () => {
  it('creates the account, signs it in and never returns secrets', async () => {
    const input = memberInput();
    const response = await post('/api/register', input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email: input.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: input.nickname,
      isAdmin: false,
      isMember: false,
    });
    for (const secret of [
      'password',
      'resetToken',
      'resetTokenExpires',
      'verifyToken',
      'emailVerifiedAt',
    ]) {
      expect(body).not.toHaveProperty(secret);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row?.password).toMatch(/^scrypt\$/);

    const cookie = response.cookies.find((c) => c.name === 'sm_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await currentUser(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.id);
  });

  it.each([
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ nickname: undefined }, 'Nickname is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ agreeToTerms: false }, 'You must agree to the terms and conditions'],
    [{ firstName: 42 }, 'First name is required'],
  ])('refuses %o with the spec message', async (override, message) => {
    const response = await post('/api/register', memberInput(override));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("answers 'already exists' for an email in any letter case", async () => {
    const { input } = await registerMember(t.app);
    const response = await post('/api/register', memberInput({ email: input.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('already exists');
  });

  it('keeps nicknames unique regardless of case', async () => {
    const { input } = await registerMember(t.app);
    const response = await post(
      '/api/register',
      memberInput({ nickname: input.nickname.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('That nickname is already taken');
  });

  it('ignores fields a member may not set', async () => {
    const response = await post(
      '/api/register',
      memberInput({ isAdmin: true, emailVerifiedAt: '2020-01-01' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isAdmin: false, isMember: false });
  });

  it('makes ADMIN_EMAILS accounts admins', async () => {
    const response = await post('/api/register', memberInput({ email: 'boss@example.com' }));
    expect(response.json().isAdmin).toBe(true);
  });
});

describe('email verification', () => {
  it('sets isMember once the emailed link is followed, and the link works once', async () => {
    const { input, cookie } = await registerMember(t.app);
    const token = tokenFromLink(await smtp.waitFor(input.email, '/verify-email'), '/verify-email');

    const verified = await post('/api/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().isMember).toBe(true);
    expect((await currentUser(cookie)).json().isMember).toBe(true);

    const again = await post('/api/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link is invalid or expired.');
  });

  it('resends a link to signed-in members only', async () => {
    expect((await post('/api/resend-verification', undefined)).statusCode).toBe(401);
    const { input, cookie } = await registerMember(t.app);
    await smtp.waitFor(input.email);
    const before = smtp.received.filter((m) => m.to.includes(input.email)).length;
    const response = await post('/api/resend-verification', undefined, cookie);
    expect(response.statusCode).toBe(200);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(input.email)).length)
      .toBe(before + 1);
  });
});

describe('POST /api/login', () => {
  it('signs in with a fresh session id and ends the one it replaces', async () => {
    const { input, cookie: registeredCookie } = await registerMember(t.app);
    const response = await post(
      '/api/login',
      { email: input.email.toUpperCase(), password: input.password },
      registeredCookie,
    );
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(registeredCookie);
    expect((await currentUser(fresh)).statusCode).toBe(200);
    expect((await currentUser(registeredCookie)).statusCode).toBe(401);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const { input } = await registerMember(t.app);
    const wrong = await post('/api/login', { email: input.email, password: 'wrong-password' });
    const unknown = await post('/api/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it.each([
    [{ email: 'x', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters'],
    [{}, 'Invalid email address'],
  ])('validates %o', async (payload, message) => {
    const response = await post('/api/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('sessions', () => {
  it('answers 401 with a JSON message when signed out or with a forged cookie', async () => {
    const signedOut = await currentUser();
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in to continue' });
    expect((await currentUser('sm_sid=forged.value')).statusCode).toBe(401);
  });

  it('logout ends the session and clears the cookie', async () => {
    const { cookie } = await registerMember(t.app);
    const response = await post('/api/logout', undefined, cookie);
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'sm_sid');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('GET /api/logout (the fallback the spec navigates to) ends the session and goes home', async () => {
    const { cookie } = await registerMember(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('expires an idle session', async () => {
    const { user, cookie } = await registerMember(t.app);
    await t.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('expires a session past its absolute lifetime even while in use', async () => {
    const { user, cookie } = await registerMember(t.app);
    const longAgo = new Date(Date.now() - t.config.session.absoluteMs - 1000).toISOString();
    await t.db
      .update(sessions)
      .set({ sess: { userId: user.id, createdAt: longAgo } })
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('slides the idle expiry forward while the session is used', async () => {
    const { user, cookie } = await registerMember(t.app);
    const soon = new Date(Date.now() + 60_000);
    const mine = sql`${sessions.sess}->>'userId' = ${user.id}`;
    await t.db.update(sessions).set({ expire: soon }).where(mine);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(mine);
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now() + t.config.session.idleMs - 120_000);
  });

  it('stores only a hash of the session id', async () => {
    const { user, cookie } = await registerMember(t.app);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const rows = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sid).not.toBe(token);
  });
});

describe('password reset', () => {
  it('emails a single-use link that sets a new password and ends every session', async () => {
    const { input, cookie } = await registerMember(t.app);
    const second = sessionCookie(
      await post('/api/login', { email: input.email, password: input.password }),
    );

    const requested = await post('/api/request-password-reset', { email: input.email });
    expect(requested.statusCode).toBe(200);
    const token = tokenFromLink(
      await smtp.waitFor(input.email, '/reset-password'),
      '/reset-password',
    );

    const [stored] = await t.db.select().from(users).where(eq(users.email, input.email));
    expect(stored?.resetToken).toBeTruthy();
    expect(stored?.resetToken).not.toBe(token);

    const confirmed = await post('/api/confirm-reset-password', {
      token,
      newPassword: 'brand-new-pw',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(401);
    expect(
      (await post('/api/login', { email: input.email, password: input.password })).statusCode,
    ).toBe(401);
    const signedIn = await post('/api/login', { email: input.email, password: 'brand-new-pw' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().isMember).toBe(true);

    const reused = await post('/api/confirm-reset-password', { token, newPassword: 'another-pw' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This password reset link is invalid or expired.');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const { input } = await registerMember(t.app);
    const known = await post('/api/request-password-reset', { email: input.email });
    const unknown = await post('/api/request-password-reset', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });

  it('refuses an expired link', async () => {
    const { input } = await registerMember(t.app);
    await post('/api/request-password-reset', { email: input.email });
    const mail = await smtp.waitFor(input.email, '/reset-password');
    await t.db
      .update(users)
      .set({ resetTokenExpires: sql`now() - interval '1 minute'` })
      .where(eq(users.email, input.email));
    const response = await post('/api/confirm-reset-password', {
      token: tokenFromLink(mail, '/reset-password'),
      newPassword: 'brand-new-pw',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ token: 'x', newPassword: '123' }, 'Password must be at least 6 characters long.'],
    [{ newPassword: '123456' }, 'This password reset link is invalid or expired.'],
    [
      { token: 'no-such-token', newPassword: '123456' },
      'This password reset link is invalid or expired.',
    ],
  ])('refuses %o', async (payload, message) => {
    const response = await post('/api/confirm-reset-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
