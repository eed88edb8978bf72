import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { freePort, killAll, startServer } from '../../testing/process.js';
import { startSmtpServer } from '../../testing/smtp.js';

/**
 * Two real server processes on one database and a slow SMTP server. The first is killed with
 * SIGKILL while it holds claimed email jobs whose messages the SMTP server has not accepted yet;
 * the second takes them over. Every email arrives, none twice.
 *
 * Window covered: a worker dying after claiming a job and before the SMTP server accepted its
 * message. Not covered (and not avoidable with SMTP): a worker dying after the SMTP server said
 * 250 but before the job was recorded done; the job then runs again and the member gets a
 * second copy with the same Message-ID, which mail clients and servers may fold into one.
 */
const OFFERS = 12;
const SMTP_DELAY_MS = 2500;

let testDb: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const dataDirs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer({ delayMs: SMTP_DELAY_MS });
});
afterAll(async () => {
  killAll();
  await smtp.close();
  await testDb.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function serverOnSharedDatabase() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-mailer-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const server = await startServer({
    dataDir,
    port,
    env: {
      DATABASE_URL: testDb.url,
      SMTP_URL: smtp.url,
      SESSION_SECRET: 'process-test-secret-process-test-secret-01',
    },
  });
  return { server, base: `http://127.0.0.1:${port}` };
}

async function signUp(base: string, nickname: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Mail',
      lastName: 'Test',
      nickname,
      email: `${nickname}@example.com`,
      password: 'mail-test-pass',
      agreeToTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(await response.text());
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const post = async (base: string, url: string, cookie: string, body: object) => {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${url}: ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
};

const offerEmails = () => smtp.received.filter((m) => m.text.includes('made an offer'));

describe('notification emails across a killed server', () => {
  it('are each delivered exactly once after another server takes over', async () => {
    const first = await serverOnSharedDatabase();
    const owner = await signUp(first.base, 'mailowner');
    const sender = await signUp(first.base, 'mailsender');
    // The site emails verified addresses only (issue 36).
    await testDb.db.execute(
      sql`update users set email_verified_at = now() where email = 'mailowner@example.com'`,
    );
    for (let n = 0; n < OFFERS; n++) {
      const item = await post(first.base, '/api/items', owner, {
        title: `Parcel ${n}`,
        description: 'Boxed',
        condition: 'good',
      });
      await post(first.base, '/api/swap-requests', sender, { itemId: item.id, message: 'Swap?' });
    }

    // Wait until the first server holds offer emails it has claimed but not delivered.
    const claimedByFirst = async () =>
      Number(
        (
          await testDb.db.execute<{ n: string }>(sql`
            select count(*) as n from jobs
            where queue = 'notification-email' and completed_at is null
              and locked_by like ${`${first.server.child.pid}-%`}`)
        ).rows[0]?.n,
      );
    const deadline = Date.now() + 20_000;
    while ((await claimedByFirst()) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const held = await claimedByFirst();
    expect(held).toBeGreaterThan(0);
    const deliveredBeforeKill = offerEmails().length;
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(deliveredBeforeKill).toBeLessThan(OFFERS);

    // The dead server's leases would lapse after a minute; move that minute along.
    await testDb.db.execute(sql`
      update jobs set locked_until = now()
      where locked_by like ${`${first.server.child.pid}-%`} and completed_at is null`);
    const second = await serverOnSharedDatabase();
    const until = Date.now() + 60_000;
    while (offerEmails().length < OFFERS && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // Anything more would show up now.
    await new Promise((r) => setTimeout(r, SMTP_DELAY_MS + 1500));
    second.server.child.kill('SIGTERM');
    await second.server.exited;

    const emails = offerEmails();
    for (let n = 0; n < OFFERS; n++) {
      expect(
        emails.filter((m) => m.text.includes(`Parcel ${n}”`)),
        `Parcel ${n}`,
      ).toHaveLength(1);
    }
    expect(emails).toHaveLength(OFFERS);
    expect(new Set(emails.map((m) => m.header('message-id'))).size).toBe(OFFERS);
    const [left] = (
      await testDb.db.execute<{ n: string }>(sql`
        select count(*) as n from jobs
        where queue = 'notification-email' and completed_at is null`)
    ).rows;
    expect(Number(left?.n)).toBe(0);
  }, 180_000);
});
