import { describe, expect, it, vi } from 'vitest';
import { checkOutboundUrlResolved, type Resolver, resolvePublicAddresses } from './resolve.js';

const strict = { allowPrivate: false };
const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolvePublicAddresses', () => {
  it('refuses a name that resolves to loopback (DNS rebinding)', async () => {
    expect(await resolvePublicAddresses('push.example.net', strict, answers('127.0.0.1'))).toEqual({
      ok: false,
      reason: 'push.example.net resolves to 127.0.0.1, not a public address (loopback)',
    });
  });

  it('refuses a name when ANY of its addresses is not public', async () => {
    const mixed = answers('93.184.215.14', '2606:4700::1', '::ffff:169.254.169.254');
    const decision = await resolvePublicAddresses('push.example.net', strict, mixed);
    expect(decision).toMatchObject({ ok: false, reason: expect.stringMatching(/link-local/) });
    const nat64 = await resolvePublicAddresses('a.example.net', strict, answers('64:ff9b::a00:1'));
    expect(nat64).toMatchObject({ ok: false, reason: expect.stringMatching(/private/) });
  });

  it('gives every address of a name whose addresses are all public', async () => {
    const decision = await resolvePublicAddresses(
      'Push.Example.NET.',
      strict,
      answers('93.184.215.14', '2606:4700::1'),
    );
    expect(decision).toEqual({
      ok: true,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
    });
  });

  it('refuses local-only names before asking the resolver', async () => {
    const resolve = vi.fn(answers('93.184.215.14'));
    for (const name of ['localhost', 'localhost.', 'foo.localhost', 'nas.local', 'wiki']) {
      expect((await resolvePublicAddresses(name, strict, resolve)).ok).toBe(false);
    }
    expect(resolve).not.toHaveBeenCalled();
  });

  it('judges an address host without resolving it', async () => {
    const resolve = vi.fn(answers('93.184.215.14'));
    expect((await resolvePublicAddresses('[::1]', strict, resolve)).ok).toBe(false);
    expect(await resolvePublicAddresses('8.8.8.8', strict, resolve)).toEqual({
      ok: true,
      addresses: [{ address: '8.8.8.8', family: 4 }],
    });
    expect(resolve).not.toHaveBeenCalled();
  });

  it("refuses a name with no address, and lets the resolver's errors through", async () => {
    expect(await resolvePublicAddresses('a.example.net', strict, answers())).toMatchObject({
      ok: false,
    });
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolvePublicAddresses('a.example.net', strict, failing)).rejects.toThrow(
      /ENOTFOUND/,
    );
  });

  it('takes private answers with allowPrivate (tests)', async () => {
    expect(
      await resolvePublicAddresses('localhost', { allowPrivate: true }, answers('127.0.0.1')),
    ).toMatchObject({ ok: true });
  });

  it('uses the system resolver by default: localhost is refused by name', async () => {
    expect(await resolvePublicAddresses('localhost.', strict)).toMatchObject({ ok: false });
  });
});

describe('checkOutboundUrlResolved', () => {
  it('checks the URL, then the addresses of its host', async () => {
    const rebinding = answers('10.0.0.7');
    expect(
      await checkOutboundUrlResolved('https://push.example.net/x', {
        ...strict,
        resolve: rebinding,
      }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/10\.0\.0\.7, .*private/) });
    expect(
      await checkOutboundUrlResolved('http://push.example.net/x', {
        ...strict,
        resolve: rebinding,
      }),
    ).toMatchObject({ ok: false, reason: 'it must use https' });
    const decision = await checkOutboundUrlResolved('https://push.example.net/x', {
      ...strict,
      resolve: answers('93.184.215.14'),
    });
    expect(decision).toMatchObject({
      ok: true,
      target: { host: 'push.example.net', port: 443 },
      addresses: [{ address: '93.184.215.14', family: 4 }],
    });
  });
});
