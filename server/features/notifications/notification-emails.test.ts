import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { type ReceivedEmail, startSmtpServer, tokenFromLink } from '../../testing/smtp.js';
import { DIGEST_QUEUE, nextDigestTime, scheduleDigests } from './delivery.js';
import { NOTIFICATION_EMAIL_QUEUE } from './notify.js';
import { unsubscribeToken } from './unsubscribe-token.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

let smtp: Smtp;
let t: TestApp;
let owner: Member;
let sender: Member;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ RATE_LIMITS: 'false', SMTP_URL: smtp.url });
  owner = await verifiedMember(t.app, t.db);
  sender = await verifiedMember(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A member whose address is verified: the only kind of address the site emails (issue 36). */
async function verifiedMember(app: FastifyInstance, db: TestApp['db']) {
  const member = await registerMember(app);
  await db.execute(sql`update users set email_verified_at = now() where id = ${member.user.id}`);
  return member;
}

const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who?: Member,
  payload?: object,
) => app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function offerOnNewListing(to: Member, from: Member, title: string, app = t.app) {
  const item = (
    await call(app, 'POST', '/api/items', to, { title, description: 'Works', condition: 'good' })
  ).json();
  const offer = await call(app, 'POST', '/api/swap-requests', from, {
    itemId: item.id,
    message: 'Swap?',
  });
  expect(offer.statusCode).toBe(201);
  return offer.json() as { id: number };
}

const emailsTo = (smtpSink: Smtp, member: Member, containing: string) =>
  smtpSink.received.filter((m) => m.to.includes(member.input.email) && m.text.includes(containing));

/**
 * An offer whose notification email is held in the queue (run_at an hour ahead): this app's worker
 * polls every second and would otherwise send it before the test has done what should stop it.
 */
/**
 * An offer whose email job is held an hour as it is queued (a trigger of the test's on the jobs
 * table): the worker, woken as the offer commits, would otherwise send it at once.
 */
async function offerWithEmailHeld(member: Member, title: string) {
  await t.db.execute(sql`
    create or replace function test_hold_emails() returns trigger language plpgsql as $$
    begin new.run_at := now() + interval '1 hour'; return new; end $$`);
  await t.db.execute(sql`
    create trigger test_hold_emails before insert on jobs for each row
      when (new.queue = ${sql.raw(`'${NOTIFICATION_EMAIL_QUEUE}'`)})
      execute function test_hold_emails()`);
  try {
    await offerOnNewListing(member, sender, title);
  } finally {
    await t.db.execute(sql`drop trigger test_hold_emails on jobs`);
  }
  const held = await t.db.execute(sql`
    select id from jobs where queue = ${NOTIFICATION_EMAIL_QUEUE} and run_at > now()
       and completed_at is null`);
  expect(held.rows.length).toBeGreaterThan(0);
}

async function releaseHeldEmails() {
  await t.db.execute(sql`update jobs set run_at = now() where run_at > now()
                          and queue = ${NOTIFICATION_EMAIL_QUEUE} and completed_at is null`);
  await t.app.jobs.runDue();
}

describe('instant emails', () => {
  it('go out once per notification, with a one-click unsubscribe (RFC 8058)', async () => {
    await offerOnNewListing(owner, sender, 'Pedal bin');
    await t.app.jobs.runDue();
    const email = await smtp.waitFor(owner.input.email, 'made an offer on your listing');
    expect(email.header('subject')).toContain('made an offer on your listing');
    expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = email.header('list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(email.header('message-id')).toMatch(/^<notification-\d+@localhost>$/);
    expect(email.text).toContain('http://localhost:3000/my-offers');
    expect(email.text).toContain('http://localhost:3000/unsubscribe?token=');
    expect(email.text).toContain('http://localhost:3000/settings/notifications');
    expect(emailsTo(smtp, owner, 'Pedal bin')).toHaveLength(1);
  });

  it('stop after a one-click POST from a mail provider, signed in or not', async () => {
    const member = await verifiedMember(t.app, t.db);
    await offerOnNewListing(member, sender, 'Stepladder');
    await t.app.jobs.runDue();
    const email = await smtp.waitFor(member.input.email, 'Stepladder');
    const url = new URL((email.header('list-unsubscribe') ?? '').slice(1, -1));

    // What Gmail and friends send: a form post, no cookie, no Origin of ours.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({
      message: 'You will no longer get emails about new offers and counter-offers.',
    });
    const settings = (await call(t.app, 'GET', '/api/notification-settings', member)).json();
    expect(settings.email.offers).toBe('off');
    expect(settings.email.messages).toBe('instant');

    await offerOnNewListing(member, sender, 'Wheelbarrow');
    await t.app.jobs.runDue();
    expect(emailsTo(smtp, member, 'Wheelbarrow')).toHaveLength(0);
    // The notification itself still arrives on the site.
    const listed = (await call(t.app, 'GET', '/api/notifications', member)).json();
    expect(listed.items[0].text).toContain('Wheelbarrow');
  });

  it('stop even when the email was already waiting in the queue', async () => {
    const member = await verifiedMember(t.app, t.db);
    await offerWithEmailHeld(member, 'Garden hose');
    const token = unsubscribeToken(t.config.sessionSecret ?? '', member.user.id, 'offers');
    // The confirmation page posts JSON.
    const confirmed = await call(t.app, 'POST', '/api/notifications/unsubscribe', undefined, {
      token,
    });
    expect(confirmed.statusCode).toBe(200);
    await releaseHeldEmails();
    expect(emailsTo(smtp, member, 'Garden hose')).toHaveLength(0);
  });

  it('are not sent for notifications read on the site before the email left', async () => {
    const member = await verifiedMember(t.app, t.db);
    await offerWithEmailHeld(member, 'Picnic table');
    await call(t.app, 'POST', '/api/notifications/read', member, { all: true });
    await releaseHeldEmails();
    expect(emailsTo(smtp, member, 'Picnic table')).toHaveLength(0);
  });

  it('opens the confirmation page on GET and refuses a forged or altered token', async () => {
    const token = unsubscribeToken(t.config.sessionSecret ?? '', owner.user.id, 'messages');
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(shown.statusCode).toBe(303);
    expect(shown.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    // Still on: GET changes nothing.
    expect(
      (await call(t.app, 'GET', '/api/notification-settings', owner)).json().email.messages,
    ).toBe('instant');

    const forged = [
      unsubscribeToken('another-secret-another-secret-another-1', owner.user.id, 'messages'),
      token.replace(owner.user.id, sender.user.id),
      token.replace('.messages.', '.offers.'),
      'nonsense',
      '',
    ];
    for (const bad of forged) {
      const response = await call(t.app, 'POST', '/api/notifications/unsubscribe', undefined, {
        token: bad,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(
        'This unsubscribe link is not valid. Sign in and change your email settings instead.',
      );
    }
    const formWithoutToken = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(formWithoutToken.statusCode).toBe(400);
  });

  it('leaves every other route closed to form posts', async () => {
    for (const url of ['/api/items', '/api/notifications/read', '/api/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: owner.cookie },
        payload: 'all=true',
      });
      expect(response.statusCode, url).toBe(415);
    }
  });
});

describe('settings', () => {
  it('start from sensible defaults and change per type', async () => {
    const member = await verifiedMember(t.app, t.db);
    const defaults = (await call(t.app, 'GET', '/api/notification-settings', member)).json();
    expect(defaults.email).toMatchObject({
      offers: 'instant',
      messages: 'instant',
      alerts: 'daily',
      ratings: 'daily',
    });
    const changed = await call(t.app, 'PATCH', '/api/notification-settings', member, {
      email: { messages: 'daily', alerts: 'off' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email).toMatchObject({
      messages: 'daily',
      alerts: 'off',
      offers: 'instant',
    });
    // Someone else's settings are their own.
    expect(
      (await call(t.app, 'GET', '/api/notification-settings', sender)).json().email.messages,
    ).toBe('instant');
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ email: {} }, 'Nothing to update'],
    [{ email: { offers: 'hourly' } }, 'Choose instant, daily or off'],
    [{ email: { gossip: 'off' } }, 'Unknown notification type'],
    [{ email: 'off' }, 'email must map notification types to instant, daily or off'],
  ])('refuses %o', async (body, message) => {
    const response = await call(t.app, 'PATCH', '/api/notification-settings', owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('need a signed-in member', async () => {
    expect((await call(t.app, 'GET', '/api/notification-settings')).statusCode).toBe(401);
    expect(
      (
        await call(t.app, 'PATCH', '/api/notification-settings', undefined, {
          email: { offers: 'off' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('daily digest', () => {
  it('is due at the configured hour, today if still ahead, else tomorrow', () => {
    expect(nextDigestTime(new Date('2030-05-01T06:59:00Z'), 7).toISOString()).toBe(
      '2030-05-01T07:00:00.000Z',
    );
    expect(nextDigestTime(new Date('2030-05-01T07:00:00Z'), 7).toISOString()).toBe(
      '2030-05-02T07:00:00.000Z',
    );
  });

  it('gathers the daily types into one email per member per day', async () => {
    const member = await verifiedMember(t.app, t.db);
    const other = await verifiedMember(t.app, t.db);
    // Offers arrive daily for this member; ratings are daily by default.
    await call(t.app, 'PATCH', '/api/notification-settings', member, {
      email: { offers: 'daily' },
    });
    await offerOnNewListing(member, other, 'Tent');
    await offerOnNewListing(member, other, 'Lantern');
    await t.app.jobs.runDue();
    expect(emailsTo(smtp, member, 'Tent')).toHaveLength(0);

    const now = new Date();
    expect(await scheduleDigests(t.db, 7, now)).toBeGreaterThanOrEqual(1);
    // Every server runs the hourly check: the second one queues nothing new.
    expect(await scheduleDigests(t.db, 7, now)).toBe(0);
    const [job] = (
      await t.db.execute<{ run_at: Date; dedupe_key: string }>(sql`
        select run_at, dedupe_key from jobs
        where queue = ${DIGEST_QUEUE} and payload->>'userId' = ${member.user.id}`)
    ).rows;
    expect(new Date(job?.run_at ?? 0).toISOString()).toBe(nextDigestTime(now, 7).toISOString());
    expect(job?.dedupe_key).toBe(
      `${DIGEST_QUEUE}:${member.user.id}:${nextDigestTime(now, 7).toISOString().slice(0, 10)}`,
    );

    await t.db.execute(sql`update jobs set run_at = now() where queue = ${DIGEST_QUEUE}`);
    await t.app.jobs.runDue();
    const digests = emailsTo(smtp, member, 'since your last digest');
    expect(digests).toHaveLength(1);
    const digest = digests[0] as ReceivedEmail;
    expect(digest.header('subject')).toMatch(/digest: 2 updates$/);
    expect(digest.text).toContain('Tent');
    expect(digest.text).toContain('Lantern');
    expect(digest.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Nothing is left for tomorrow's digest.
    expect(await scheduleDigests(t.db, 7, new Date(now.getTime() + 86_400_000))).toBe(0);

    // The digest's own unsubscribe link turns off every type that went into it.
    const url = new URL((digest.header('list-unsubscribe') ?? '').slice(1, -1));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ message: 'You will no longer get the daily digest.' });
    const settings = (await call(t.app, 'GET', '/api/notification-settings', member)).json();
    expect(settings.email).toMatchObject({
      offers: 'off',
      ratings: 'off',
      alerts: 'off',
      messages: 'instant',
    });
  });
});

describe('delivery through the job queue', () => {
  it('retries a refused send with back-off and delivers it once', async () => {
    const flaky = await startSmtpServer();
    const app = await createTestApp({ RATE_LIMITS: 'false', SMTP_URL: flaky.url });
    try {
      const to = await verifiedMember(app.app, app.db);
      const from = await registerMember(app.app);
      await app.app.jobs.runDue(); // the verification emails
      flaky.rejectNext(2);
      await offerOnNewListing(to, from, 'Ironing board', app.app);
      const deadline = Date.now() + 20_000;
      while (emailsTo(flaky, to, 'Ironing board').length === 0 && Date.now() < deadline) {
        await app.db.execute(sql`update jobs set run_at = now() where completed_at is null`);
        await app.app.jobs.runDue();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(flaky.refused()).toBe(2);
      expect(emailsTo(flaky, to, 'Ironing board')).toHaveLength(1);
      const [job] = (
        await app.db.execute<{ attempts: number; completed_at: Date | null }>(
          sql`select attempts, completed_at from jobs where queue = 'notification-email'`,
        )
      ).rows;
      expect(job?.attempts).toBe(3);
      expect(job?.completed_at).toBeTruthy();
    } finally {
      await app.close();
      await flaky.close();
    }
  });

  it('sends each email exactly once with two app servers working the queue', async () => {
    const sink = await startSmtpServer({ delayMs: 5 });
    const first = await createTestApp({ RATE_LIMITS: 'false', SMTP_URL: sink.url });
    const second = await createPeerApp(first);
    try {
      const members = await Promise.all(
        Array.from({ length: 6 }, () => verifiedMember(first.app, first.db)),
      );
      const [from] = members;
      if (!from) throw new Error('no members');
      // 25 offers across five owners, made on both servers.
      for (let n = 0; n < 25; n++) {
        const to = members[1 + (n % 5)] as Member;
        await offerOnNewListing(to, from, `Crate ${n}`, n % 2 ? first.app : second);
      }
      await Promise.all([first.app.jobs.runDue(), second.jobs.runDue()]);
      await new Promise((r) => setTimeout(r, 300));
      await Promise.all([first.app.jobs.runDue(), second.jobs.runDue()]);
      const offerEmails = sink.received.filter((m) => m.text.includes('made an offer'));
      expect(offerEmails).toHaveLength(25);
      const ids = offerEmails.map((m) => m.header('message-id'));
      expect(new Set(ids).size).toBe(25);
      for (let n = 0; n < 25; n++) {
        expect(
          offerEmails.filter((m) => m.text.includes(`Crate ${n}”`)),
          `Crate ${n}`,
        ).toHaveLength(1);
      }
    } finally {
      await second.close();
      await first.close();
      await sink.close();
    }
  });
});

/** Every email job that is due has run (by this test or by the app's own worker). */
async function emailJobsSettled(app = t.app, db = t.db) {
  for (let attempt = 0; attempt < 100; attempt++) {
    await app.jobs.runDue();
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from jobs
       where queue in ('email', ${NOTIFICATION_EMAIL_QUEUE}, ${DIGEST_QUEUE})
         and completed_at is null and failed_at is null and run_at <= now()`);
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('email jobs still waiting');
}

/** Runs the member's daily digest now, as the hourly maintenance and the queue would on `day`. */
async function runDigest(member: Member, day: Date) {
  await scheduleDigests(t.db, 7, day);
  await t.db.execute(sql`update jobs set run_at = now()
                          where queue = ${DIGEST_QUEUE} and payload->>'userId' = ${member.user.id}
                            and completed_at is null`);
  await emailJobsSettled();
}

const notificationTexts = async (member: Member) =>
  ((await call(t.app, 'GET', '/api/notifications', member)).json().items as { text: string }[]).map(
    (n) => n.text,
  );

describe('issue 36: emails go only to verified addresses', () => {
  it('sends an unverified address no offer email, instant or in the digest, until it is verified', async () => {
    // Someone registers with a stranger's address; other accounts then make offers to it.
    const account = await registerMember(t.app);
    const stranger = account.input.email;
    // The verification email itself goes: it is how the address proves itself.
    const verification = await smtp.waitFor(stranger, '/verify-email?token=');

    await offerOnNewListing(account, sender, 'Cheese grater');
    await emailJobsSettled();
    expect(emailsTo(smtp, account, 'Cheese grater')).toHaveLength(0);
    // The notification is on the site all the same.
    expect((await notificationTexts(account)).join()).toContain('Cheese grater');

    await call(t.app, 'PATCH', '/api/notification-settings', account, {
      email: { offers: 'daily' },
    });
    await offerOnNewListing(account, sender, 'Toast rack');
    const today = new Date();
    await runDigest(account, today);
    expect(smtp.received.filter((m) => m.to.includes(stranger))).toHaveLength(1);
    expect((await notificationTexts(account)).join()).toContain('Toast rack');

    // The owner of the address follows the link: from now on, emails go.
    const verified = await call(t.app, 'POST', '/api/verify-email', undefined, {
      token: tokenFromLink(verification, '/verify-email'),
    });
    expect(verified.json().isMember).toBe(true);
    await offerOnNewListing(account, sender, 'Egg timer');
    await runDigest(account, new Date(today.getTime() + 86_400_000));
    const [digest, ...more] = emailsTo(smtp, account, 'since your last digest');
    expect(more).toHaveLength(0);
    expect(digest?.text).toContain('Egg timer');
    // What arrived while the address was unproven is not sent later either.
    expect(digest?.text).not.toContain('Toast rack');

    await call(t.app, 'PATCH', '/api/notification-settings', account, {
      email: { offers: 'instant' },
    });
    await offerOnNewListing(account, sender, 'Butter dish');
    await smtp.waitFor(stranger, 'Butter dish');
    expect(emailsTo(smtp, account, 'Cheese grater')).toHaveLength(0);
  });

  it('checks the address when the email leaves, not when it was queued', async () => {
    const member = await registerMember(t.app);
    await t.db.execute(
      sql`update users set email_verified_at = now() where id = ${member.user.id}`,
    );
    await offerWithEmailHeld(member, 'Sugar bowl');
    // The address stops being a proven one before the email leaves (changed, or unverified).
    await t.db.execute(sql`update users set email_verified_at = null where id = ${member.user.id}`);
    await releaseHeldEmails();
    await emailJobsSettled();
    expect(emailsTo(smtp, member, 'Sugar bowl')).toHaveLength(0);
  });

  it('still sends the password-reset email to an unverified address', async () => {
    const member = await registerMember(t.app);
    const asked = await call(t.app, 'POST', '/api/request-password-reset', undefined, {
      email: member.input.email,
    });
    expect(asked.statusCode).toBe(200);
    await t.db.execute(sql`update jobs set run_at = now() where queue = 'password-reset'`);
    await emailJobsSettled();
    await t.app.jobs.runDue();
    await smtp.waitFor(member.input.email, '/reset-password?token=');
  });
});
