import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      siteName: 'SwapMarket',
      adminEmails: [],
    });
    expect(config.rateLimits.enabled).toBe(true);
  });

  it('takes VAPID keys as a pair, and derives a subject push services accept', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'a'.repeat(43);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both or neither/);
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys,
    ).toEqual({ publicKey, privateKey });
    expect(loadConfig({}).push).toMatchObject({
      vapidKeys: undefined,
      subject: 'mailto:no-reply@localhost.invalid',
      allowPrivateEndpoints: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://swap.example.org' }).push.subject).toBe(
      'https://swap.example.org',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it('names every bad variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        ADMIN_EMAILS: 'a@b.co,nope',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'ADMIN_EMAILS'])
        expect(message).toContain(name);
    }
  });

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('applies inbound activities on one thread of their own unless told otherwise', () => {
    expect(loadConfig({}).federation.inboxThreads).toBe(1);
    expect(loadConfig({ FEDERATION_INBOX_THREADS: '0' }).federation.inboxThreads).toBe(0);
    for (const bad of ['5', '-1', '1.5'])
      expect(() => loadConfig({ FEDERATION_INBOX_THREADS: bad })).toThrow(
        /FEDERATION_INBOX_THREADS.*must be a whole number from 0 to 4/,
      );
    expect(() => loadConfig({ FEDERATION_INBOX_THREADS: 'many' })).toThrow(
      /FEDERATION_INBOX_THREADS/,
    );
  });

  it('lower-cases admin emails and trims PUBLIC_URL', () => {
    const config = loadConfig({
      ADMIN_EMAILS: 'Boss@Example.com',
      PUBLIC_URL: 'https://swap.example/',
    });
    expect(config.adminEmails).toEqual(['boss@example.com']);
    expect(config.publicUrl).toBe('https://swap.example');
  });
});
