import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { createTestApp, memberInput, registerMember, type TestApp } from '../../testing/app.js';
import { startSmtpServer } from '../../testing/smtp.js';

/**
 * Issue 41: an account's emails in its language, else the request's, and the sign-out page the
 * server writes in the visitor's; English as before.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, SITE_NAME: 'Tauschplatz' });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('the verification email', () => {
  it('is in English, word for word, when nothing asks for another language', async () => {
    const input = memberInput();
    expect((await post('/api/register', input)).statusCode).toBe(201);
    const mail = await smtp.waitFor(input.email, '/verify-email');
    expect(mail.header('subject')).toBe('Confirm your email address for Tauschplatz');
    expect(mail.text).toContain(
      'Welcome to Tauschplatz! Please confirm that this is your email address so other members can see you are verified.',
    );
    expect(mail.text).toContain('Confirm your email address:');
    expect(mail.text).toContain(
      'The link works for 7 days. If you did not create an account, you can ignore this email.',
    );
  });

  it("follows the visitor's Accept-Language when they picked no language", async () => {
    const input = memberInput();
    const headers = { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' };
    expect((await post('/api/register', input, headers)).statusCode).toBe(201);
    const mail = await smtp.waitFor(input.email, '/verify-email');
    expect(mail.header('subject')).toBe('Bestätige deine E-Mail-Adresse für Tauschplatz');
    expect(mail.text).toContain('Willkommen bei Tauschplatz!');
    expect(mail.text).toContain('E-Mail-Adresse bestätigen:');
    expect(mail.text).toContain('Der Link gilt 7 Tage.');
  });

  it('follows the language picked in the footer (kept on the account), in Arabic', async () => {
    const input = memberInput();
    const headers = { cookie: 'locale=ar', 'accept-language': 'de' };
    expect((await post('/api/register', input, headers)).statusCode).toBe(201);
    const mail = await smtp.waitFor(input.email, '/verify-email');
    expect(mail.header('subject')).toBe('أكّد عنوان بريدك الإلكتروني في Tauschplatz');
    expect(mail.text).toContain('مرحبًا بك في Tauschplatz!');
    expect(mail.text).not.toContain('Welcome');
  });
});

describe('the password reset email', () => {
  it("is in the account's language, whatever the request's", async () => {
    const { input, user } = await registerMember(t.app);
    await t.db.update(users).set({ locale: 'pt-BR' }).where(eq(users.id, user.id));
    await post('/api/request-password-reset', { email: input.email }, { 'accept-language': 'de' });
    const mail = await smtp.waitFor(input.email, '/reset-password');
    expect(mail.header('subject')).toBe('Redefina sua senha do Tauschplatz');
    expect(mail.text).toContain('Alguém pediu para redefinir a senha da sua conta no Tauschplatz.');
    expect(mail.text).toContain('Escolher uma nova senha:');
  });

  it("is in the request's language for an account with none chosen", async () => {
    const { input } = await registerMember(t.app);
    await post('/api/request-password-reset', { email: input.email }, { 'accept-language': 'de' });
    const mail = await smtp.waitFor(input.email, '/reset-password');
    expect(mail.header('subject')).toBe('Setze dein Passwort für Tauschplatz zurück');
    expect(mail.text).toContain('Neues Passwort wählen:');
  });

  it('is in English, word for word, by default', async () => {
    const { input } = await registerMember(t.app);
    await post('/api/request-password-reset', { email: input.email });
    const mail = await smtp.waitFor(input.email, '/reset-password');
    expect(mail.header('subject')).toBe('Reset your Tauschplatz password');
    expect(mail.text).toContain('Someone asked to reset the password of your Tauschplatz account.');
    expect(mail.text).toContain('Choose a new password:');
    expect(mail.text).toContain(
      'The link works once, for 1 hour. If it was not you, ignore this email: your password stays as it is.',
    );
  });
});

describe('the sign-out page shown to another site’s link', () => {
  const logoutPage = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/logout', headers });

  it('is English as it was, by default', async () => {
    const { body } = await logoutPage({});
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<title>Sign out of Tauschplatz</title>');
    expect(body).toContain('<h1 style="font-size: 1.5rem">Sign out of Tauschplatz?</h1>');
    expect(body).toContain(
      '<p>Another site sent you here. Nothing has changed yet: you are still signed in.</p>',
    );
  });

  it("is in the visitor's language, right to left for Arabic", async () => {
    const german = (await logoutPage({ 'accept-language': 'de' })).body;
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('<title>Von Tauschplatz abmelden</title>');
    expect(german).toContain('>Abmelden</button>');
    const arabic = (await logoutPage({ cookie: 'locale=ar' })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('هل تريد تسجيل الخروج من Tauschplatz؟');
  });
});
