import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { browserKeys, decryptPush, startPushService } from '../../testing/push-service.js';
import { startSmtpServer } from '../../testing/smtp.js';
import { DIGEST_QUEUE, scheduleDigests } from './delivery.js';

/**
 * Issue 41: a notification is written in its recipient's language (users.locale), and its
 * email and push carry it, framed in the same language; English stays word for word.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let sender: Member;

beforeAll(async () => {
  smtp = await startSmtpServer();
  pushService = await startPushService();
  t = await createTestApp({
    RATE_LIMITS: 'false',
    SMTP_URL: smtp.url,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
  });
  sender = await registerMember(t.app, { nickname: `sam${Date.now()}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await pushService.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** A verified member (the only kind the site emails) who chose `locale`, or none. */
async function memberIn(locale: string | null) {
  const member = await registerMember(t.app);
  await t.db.execute(
    sql`update users set email_verified_at = now(), locale = ${locale} where id = ${member.user.id}`,
  );
  return member;
}

async function offerOn(owner: Member, title: string) {
  const item = (
    await call('POST', '/api/items', owner, { title, description: 'Works', condition: 'good' })
  ).json();
  const offer = await call('POST', '/api/swap-requests', sender, {
    itemId: item.id,
    message: 'Swap?',
  });
  expect(offer.statusCode).toBe(201);
}

const textsOf = async (member: Member) =>
  ((await call('GET', '/api/notifications', member)).json().items as { text: string }[]).map(
    (n) => n.text,
  );

const actor = () => sender.input.nickname;

describe('an offer notification and its instant email', () => {
  it('is English word for word for a member who chose no language', async () => {
    const owner = await memberIn(null);
    await offerOn(owner, 'Tent');
    const text = `${actor()} made an offer on your listing “Tent”`;
    expect(await textsOf(owner)).toEqual([text]);
    const mail = await smtp.waitFor(owner.input.email, 'Tent');
    expect(mail.header('subject')).toBe(text);
    expect(mail.text).toContain('See it on SwapMarket: ');
    expect(mail.text).toContain(
      'You get this email because your SwapMarket settings send "New offers and counter-offers" straight away.',
    );
    expect(mail.text).toContain('Choose what we email you: ');
    expect(mail.text).toContain('Stop emails about new offers and counter-offers: ');
  });

  it('is German for a member who chose German', async () => {
    const owner = await memberIn('de');
    await offerOn(owner, 'Zelt');
    const text = `${actor()} hat ein Angebot für deine Anzeige „Zelt“ gemacht`;
    expect(await textsOf(owner)).toEqual([text]);
    const mail = await smtp.waitFor(owner.input.email, 'Zelt');
    expect(mail.header('subject')).toBe(text);
    expect(mail.text).toContain('Auf SwapMarket ansehen: ');
    expect(mail.text).toContain('„Neue Angebote und Gegenangebote“ sofort senden.');
    expect(mail.text).toContain('Keine E-Mails mehr zu neuen Angeboten und Gegenangeboten: ');
    expect(mail.text).not.toContain('See it on');
  });
});

describe('the daily digest', () => {
  it('is Arabic for a member who chose Arabic, plural forms included', async () => {
    const owner = await memberIn('ar');
    await call('PATCH', '/api/notification-settings', owner, { email: { offers: 'daily' } });
    await offerOn(owner, 'Lamp');
    await offerOn(owner, 'Kettle');
    await t.app.jobs.runDue();
    await scheduleDigests(t.db, 7);
    await t.db.execute(sql`update jobs set run_at = now()
      where queue = ${DIGEST_QUEUE} and payload->>'userId' = ${owner.user.id}`);
    await t.app.jobs.runDue();
    const mail = await smtp.waitFor(owner.input.email, 'إليك ما حدث في SwapMarket');
    expect(mail.header('subject')).toBe('ملخصك من SwapMarket: تحديثان');
    expect(mail.text).toContain(`قدّم ${actor()} عرضًا على إعلانك «Lamp»`);
    expect(mail.text).toContain('أوقف الملخص اليومي');
  });
});

describe('a push', () => {
  it("carries the notification in the recipient's language", async () => {
    const owner = await memberIn('pt-BR');
    const keys = browserKeys();
    const subscribed = await call('POST', '/api/push/subscriptions', owner, {
      endpoint: `${pushService.url}/device-pt`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    expect(subscribed.statusCode).toBe(201);
    await offerOn(owner, 'Barraca');
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        return pushService.received.filter((p) => p.path === '/device-pt').length;
      })
      .toBe(1);
    const [push] = pushService.received.filter((p) => p.path === '/device-pt');
    if (!push) throw new Error('no push');
    const payload = JSON.parse(decryptPush(push.body, keys));
    expect(payload.body).toBe(`${actor()} fez uma oferta no seu anúncio “Barraca”`);
  });
});
