import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { startSmtpServer, tokenFromLink } from '../../testing/smtp.js';

/** Issue 17, finding 4: account probing by timing, and lockout of the real owner. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '5',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '12',
    RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS: '100000',
    // So that every request for the existing account goes the whole way, as a first one would.
    RATE_LIMIT_RESET_REQUESTS_PER_ACCOUNT: '100000',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('password reset requests', () => {
  it('sends the email from the job, after the answer, and only for an account that exists', async () => {
    const { input } = await registerMember(t.app);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { email: `  ${input.email.toUpperCase()}  ` },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await smtp.waitFor(input.email, '/reset-password');
    expect(tokenFromLink(mail, '/reset-password')).toBeTruthy();
  });

  it('take the same time whether or not the account exists (medians of interleaved requests)', async () => {
    const { input } = await registerMember(t.app);
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/request-password-reset',
        payload: { email },
        remoteAddress: '10.9.8.7',
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(200);
      return ms;
    };
    // Warm-up: first calls pay for JIT and connection set-up.
    for (let i = 0; i < 20; i++) await timed(i % 2 ? input.email : `nobody${i}@example.com`);
    const existing: number[] = [];
    const missing: number[] = [];
    // Interleaved, so a burst of load from elsewhere on the machine hits both series alike.
    for (let i = 0; i < 200; i++) {
      existing.push(await timed(input.email));
      missing.push(await timed(`ghost${i}@example.com`));
    }
    const [known, unknown] = [median(existing), median(missing)];
    console.info(
      `reset request medians: existing ${known.toFixed(2)} ms, missing ${unknown.toFixed(2)} ms`,
    );
    // Both do the same two statements (the address counter, one job). Before, an existing
    // account cost three more (look-up, account counter, token) and about 75% more time. A
    // 25% band around the ratio catches one extra statement; medians of 200 interleaved pairs
    // keep a loaded two-core machine from tripping it.
    expect(known / unknown).toBeGreaterThan(0.8);
    expect(known / unknown).toBeLessThan(1.25);
  }, 60_000);
});

describe('sign-in lockout with device cookies', () => {
  const login = (email: string, password: string, cookie = '', remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });
  const deviceCookieOf = (response: LightMyRequestResponse) => {
    const found = response.cookies.find((c) => c.name.startsWith('sm_dev_'));
    if (!found) throw new Error('no device cookie');
    return found;
  };

  it('issues a signed, HttpOnly device cookie sent to the sign-in call only', async () => {
    const { input } = await registerMember(t.app);
    const signedIn = await login(input.email, input.password);
    expect(signedIn.statusCode).toBe(200);
    const device = deviceCookieOf(signedIn);
    expect(device).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    expect(device.value).toContain('.');
  });

  it('keeps the owner’s browser in while a stranger’s failures lock the account', async () => {
    const { input } = await registerMember(t.app);
    const device = deviceCookieOf(await login(input.email, input.password, '', '10.1.0.1'));
    const ownersBrowser = `${device.name}=${device.value}`;
    for (let i = 0; i < 5; i++)
      expect((await login(input.email, 'wrong-guess', '', '10.66.0.1')).statusCode).toBe(401);

    // The stranger is locked out, even with the right password, and so is any new browser,
    expect((await login(input.email, input.password, '', '10.66.0.1')).statusCode).toBe(429);
    expect((await login(input.email, input.password, '', '10.1.0.2')).statusCode).toBe(429);
    // but the browser that signed in before is not.
    expect((await login(input.email, input.password, ownersBrowser, '10.1.0.1')).statusCode).toBe(
      200,
    );
    // A cookie whose signature does not check out proves nothing.
    const forged = `${device.name}=${device.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await login(input.email, input.password, forged, '10.1.0.1')).statusCode).toBe(429);
  });

  it('keeps the owner’s browser in while failures lock its address', async () => {
    const { input } = await registerMember(t.app);
    const device = deviceCookieOf(await login(input.email, input.password, '', '10.2.0.1'));
    // Twelve failures on other accounts from the same (shared) address lock the address.
    for (let i = 0; i < 12; i++)
      await login(`someone${i}-${input.email}`, 'wrong-guess', '', '10.2.0.1');
    expect((await login(input.email, input.password, '', '10.2.0.1')).statusCode).toBe(429);
    expect(
      (await login(input.email, input.password, `${device.name}=${device.value}`, '10.2.0.1'))
        .statusCode,
    ).toBe(200);
  });

  it('counts a device’s own failures and stops trusting it past the limit', async () => {
    const { input } = await registerMember(t.app);
    const device = deviceCookieOf(await login(input.email, input.password, '', '10.3.0.1'));
    const cookie = `${device.name}=${device.value}`;
    for (let i = 0; i < 5; i++)
      expect((await login(input.email, 'wrong-guess', cookie, '10.3.0.1')).statusCode).toBe(401);
    // Its failures did not lock the account for the owner's other browsers,
    expect((await login(input.email, input.password, '', '10.3.0.9')).statusCode).toBe(200);
    // and once strangers lock the account, the device locked itself out as well.
    for (let i = 0; i < 5; i++) await login(input.email, 'wrong-guess', '', '10.67.0.1');
    expect((await login(input.email, input.password, cookie, '10.3.0.1')).statusCode).toBe(429);
  });

  it('does not let one account’s device cookie vouch for another', async () => {
    const [a, b] = [await registerMember(t.app), await registerMember(t.app)];
    const deviceA = deviceCookieOf(await login(a.input.email, a.input.password, '', '10.4.0.1'));
    const deviceB = deviceCookieOf(await login(b.input.email, b.input.password, '', '10.4.0.1'));
    for (let i = 0; i < 5; i++) await login(b.input.email, 'wrong-guess', '', '10.68.0.1');
    // A's signed value under B's cookie name: the account in it is not B.
    const swapped = `${deviceB.name}=${deviceA.value}`;
    expect((await login(b.input.email, b.input.password, swapped, '10.4.0.1')).statusCode).toBe(
      429,
    );
  });
});
