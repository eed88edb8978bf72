import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createSession } from '../../infra/session-store.js';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { METRICS_TOKEN_REQUIRED } from './metrics.routes.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;
let adminCookie = '';

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, ADMIN_EMAILS: 'metrics-admin@example.com' });
  const admin = await registerMember(t.app, { email: 'metrics-admin@example.com' });
  adminCookie = `sm_sid=${t.app.signCookie(await createSession(t.db, admin.user.id, t.config.session))}`;
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series, e.g. `http_requests_total{method="GET",…}`. */
function seriesValue(body: string, name: string, labels: Record<string, string> = {}): number {
  const line = body
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  if (!line) throw new Error(`no series ${name} ${JSON.stringify(labels)}`);
  return Number(line.split(' ').at(-1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses without the token, with a wrong one, and with any session (admins too)', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-0123' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
      { cookie: adminCookie },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ message: METRICS_TOKEN_REQUIRED });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers Prometheus text with the token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'http_request_duration_seconds_bucket',
      'swapmarket_db_pool_connections',
      'swapmarket_sse_connections',
      'swapmarket_database_up',
      'swapmarket_emails_sent_total',
      'swapmarket_push_sent_total',
    ]) {
      expect(response.body).toContain(`\n${name}`);
    }
  });

  it('counts requests and their latency by route pattern and status, never by raw URL', async () => {
    const item = (
      await t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie: adminCookie },
        payload: { title: 'Measured kettle', description: 'Whistles', condition: 'good' },
      })
    ).json();
    await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    await t.app.inject({ method: 'GET', url: '/api/items/999999' });
    await t.app.inject({ method: 'GET', url: '/api/nothing-here/42' });
    const body = await scrape();
    const labels = { method: 'GET', route: '/api/items/:id' };
    expect(seriesValue(body, 'http_requests_total', { ...labels, status_code: '200' })).toBe(2);
    expect(seriesValue(body, 'http_requests_total', { ...labels, status_code: '404' })).toBe(1);
    expect(
      seriesValue(body, 'http_request_duration_seconds_count', { ...labels, status_code: '200' }),
    ).toBe(2);
    expect(
      seriesValue(body, 'http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    expect(body).not.toContain(`/api/items/${item.id}"`);
    expect(seriesValue(body, 'swapmarket_db_pool_connections', { state: 'total' })).toBeGreaterThan(
      0,
    );
  });

  it('counts open event streams, emails sent, and queue depth and failures from PostgreSQL', async () => {
    const sent = async () =>
      seriesValue(await scrape(), 'swapmarket_emails_sent_total', { transport: 'outbox' });
    const before = await sent();
    const member = await registerMember(t.app); // queues a verification email
    const stream = await openEventStream(await listenOnLoopback(t.app), member.cookie);
    try {
      await t.app.jobs.runDue();
      await expect.poll(sent, { timeout: 5000 }).toBe(before + 1);
      expect(seriesValue(await scrape(), 'swapmarket_sse_connections')).toBe(1);

      await t.db.$client.query(
        `insert into jobs (queue, payload, attempts, max_attempts, run_at, failed_at, last_error, locked_until)
         values ('digest', '{}', 10, 10, now(), now(), 'SMTP refused', null),
                ('digest', '{}', 2, 10, now() + interval '1 hour', null, 'timeout', null),
                ('digest', '{}', 0, 10, now() + interval '1 hour', null, null, null),
                ('digest', '{}', 1, 10, now(), null, null, now() + interval '1 minute')`,
      );
      const body = await scrape();
      for (const state of ['failed', 'retrying', 'scheduled', 'running']) {
        expect(seriesValue(body, 'swapmarket_jobs', { queue: 'digest', state }), state).toBe(1);
      }
      expect(seriesValue(body, 'swapmarket_database_up')).toBe(1);
    } finally {
      stream.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is off by default and must be a long printable token when set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'has spaces in it, sixteen+' })).toThrow(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
