import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badLogin = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { email: 'nobody@example.com', password: 'wrong-password' },
  });

describe('API messages in the request’s language', () => {
  it('follows Accept-Language, with the same status', async () => {
    const english = await badLogin({});
    const german = await badLogin({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    const french = await badLogin({ 'accept-language': 'fr' });
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ message: 'Invalid email or password' });
    expect(german.statusCode).toBe(401);
    expect(german.json()).toEqual({ message: 'E-Mail-Adresse oder Passwort ist falsch' });
    expect(french.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('prefers the footer picker’s cookie, and translates validation messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: 'locale=ar', 'accept-language': 'de' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[\u0600-\u06ff]/);
  });

  it('keeps a member’s choice on the account and speaks it', async () => {
    const member = await registerMember(t.app);
    const cookie = member.cookie;
    expect(member.user.locale).toBeNull();
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { locale: 'pt-BR' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().locale).toBe('pt-BR');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().locale).toBe('pt-BR');

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/items/999999',
      headers: { cookie, 'accept-language': 'de' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Item não encontrado' });

    const banned = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie },
      payload: { title: 'Gun', description: 'Old', categoryId: 8, condition: 'good' },
    });
    expect(banned.statusCode).toBe(400);
    expect(banned.json()).toEqual({ message: 'Itens com "gun" não são permitidos para troca' });
  });

  it('keeps the language a visitor picked on the account they register, and sets it at sign-in', async () => {
    const input = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: `ada${Date.now().toString(36)}`,
      email: `ada${Date.now().toString(36)}@example.com`,
      password: 'engine12',
      agreeToTerms: true,
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: 'locale=ar' },
      payload: input,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().locale).toBe('ar');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ar');
  });

  it('keeps the language the browser asked for on an account registered without a pick, English as none', async () => {
    const register = (headers: Record<string, string>) => {
      const tag = Math.random().toString(36).slice(2, 10);
      return t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers,
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          nickname: `ada${tag}`,
          email: `ada${tag}@example.com`,
          password: 'engine12',
          agreeToTerms: true,
        },
      });
    };
    const german = await register({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(german.statusCode, german.body).toBe(201);
    expect(german.json().locale).toBe('de');
    const english = await register({ 'accept-language': 'en-GB' });
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().locale).toBeNull();
  });

  it('refuses a language it does not speak with a clear 400', async () => {
    const { cookie } = await registerMember(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { locale: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'locale must be one of en, pt-BR, de, ar' });
  });

  it('translates a policy’s refusal and a success message too', async () => {
    const member = await registerMember(t.app);
    const reportSelf = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${member.user.id}/report`,
        headers: { cookie: member.cookie, ...headers },
        payload: { reason: 'spam' },
      });
    const english = await reportSelf({});
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'You cannot report yourself' });
    const german = await reportSelf({ 'accept-language': 'de' });
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ message: 'Du kannst dich nicht selbst melden' });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: member.cookie, 'accept-language': 'de' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Abgemeldet' });
  });
});
