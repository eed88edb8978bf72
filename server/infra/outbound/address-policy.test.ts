import { describe, expect, it } from 'vitest';
import { checkAddress, checkOutboundUrl, normaliseHost } from './address-policy.js';

const strict = { allowPrivate: false };
const reasonOf = (url: string) => {
  const decision = checkOutboundUrl(url, strict);
  return decision.ok ? 'allowed' : decision.reason;
};

describe('checkOutboundUrl', () => {
  it.each([
    // Issue 36 §3's findings.
    ['https://203.0.113.7/push', /203\.0\.113\.7 .*documentation/],
    ['https://localhost./push', /localhost is a local-only name/],
    ['https://[::127.0.0.1]/push', /IPv4-compatible form of 127\.0\.0\.1, loopback/],
    ['https://[64:ff9b::7f00:1]/push', /NAT64 form of 127\.0\.0\.1, loopback/],
    // Documentation and benchmarking ranges.
    ['https://192.0.2.1/', /documentation/],
    ['https://198.51.100.20/', /documentation/],
    ['https://[2001:db8::1]/', /documentation/],
    ['https://[3fff::1]/', /documentation/],
    ['https://198.18.0.1/', /benchmarking/],
    ['https://[2001:2::1]/', /not a public address/],
    // NAT64, IPv4-mapped, IPv4-compatible, 6to4, Teredo.
    ['https://[64:ff9b::a00:1]/', /NAT64 form of 10\.0\.0\.1, private/],
    ['https://[64:ff9b:1::808:808]/', /local-use NAT64/],
    ['https://[::ffff:127.0.0.1]/', /IPv4-mapped form of 127\.0\.0\.1, loopback/],
    ['https://[::ffff:a9fe:a9fe]/', /IPv4-mapped form of 169\.254\.169\.254, link-local/],
    ['https://[::10.0.0.1]/', /IPv4-compatible form of 10\.0\.0\.1, private/],
    ['https://[2002:7f00:1::1]/', /6to4 form of 127\.0\.0\.1, loopback/],
    ['https://[2002:c0a8:1::1]/', /6to4 form of 192\.168\.0\.1, private/],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /Teredo/],
    ['https://[::ffff:0:7f00:1]/', /IPv4-translated/],
    // Site-local, unique-local, link-local, loopback, unspecified, multicast, discard.
    ['https://[fec0::1]/', /site-local/],
    ['https://[fd12:3456::1]/', /unique-local/],
    ['https://[fc00::1]/', /unique-local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[::1]/', /loopback/],
    ['https://[::]/', /unspecified/],
    ['https://[ff02::1]/', /multicast/],
    ['https://[100::1]/', /discard-only/],
    ['https://[4000::1]/', /reserved/],
    // IPv4 special ranges.
    ['https://127.0.0.1/', /loopback/],
    ['https://127.255.1.2/', /loopback/],
    ['https://10.1.2.3/', /private/],
    ['https://172.16.5.4/', /private/],
    ['https://192.168.0.4/', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://100.64.0.1/', /carrier-grade NAT/],
    ['https://100.127.255.254/', /carrier-grade NAT/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://0.1.2.3/', /unspecified/],
    ['https://224.0.0.251/', /multicast/],
    ['https://239.255.255.250/', /multicast/],
    ['https://255.255.255.255/', /broadcast/],
    ['https://240.0.0.1/', /reserved/],
    ['https://192.0.0.8/', /reserved/],
    // Every spelling of an address is judged in its normal form (WHATWG URL).
    ['https://2130706433/', /127\.0\.0\.1 .*loopback/],
    ['https://0x7f.1/', /127\.0\.0\.1 .*loopback/],
    ['https://0177.0.0.1/', /127\.0\.0\.1 .*loopback/],
    ['https://127.1/', /127\.0\.0\.1 .*loopback/],
    ['https://0xa9.0xfe.0xa9.0xfe/', /169\.254\.169\.254 .*link-local/],
    ['https://[0:0:0:0:0:ffff:7f00:0001]/', /loopback/],
    // Names that stay inside, in any case and with a final dot.
    ['https://LOCALHOST/', /localhost is a local-only name/],
    ['https://foo.localhost/', /foo\.localhost is a local-only name/],
    ['https://foo.localhost./', /foo\.localhost is a local-only name/],
    ['https://printer.local/', /\.local\b/],
    ['https://db.internal/', /\.internal\b/],
    ['https://router.home.arpa/', /\.home\.arpa\b/],
    ['https://localhost.localdomain/', /\.localdomain\b/],
    ['https://intranet/', /local-only|single-label/],
    ['https://wiki/', /single-label/],
    ['https://a..b/', /not a valid host name/],
    // Scheme, credentials, port.
    ['http://fcm.googleapis.com/fcm/send/abc', /must use https/],
    ['ftp://push.example.com/x', /must use https/],
    ['https://user:pw@push.example.com/x', /user name or password/],
    ['https://push.example.com:8443/x', /port 8443 is not allowed/],
    ['https://8.8.8.8:80/x', /port 80 is not allowed/],
    ['not a url', /not a URL/],
  ])('refuses %s', (url, reason) => {
    expect(reasonOf(url)).toMatch(reason);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QO',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
    'https://FCM.GoogleAPIs.com./fcm/send/abc',
    'https://push.example.com:443/x',
    'https://8.8.8.8/push',
    'https://[2606:4700:4700::1111]/push',
    'https://[64:ff9b::808:808]/push',
    'https://[::ffff:8.8.8.8]/push',
    'https://[2002:808:808::1]/push',
  ])('takes the public %s', (url) => {
    expect(reasonOf(url)).toBe('allowed');
  });

  it('gives the normalised host and port of what it takes', () => {
    const decision = checkOutboundUrl('https://Push.Example.COM./a?b', strict);
    expect(decision.ok && decision.target).toMatchObject({
      host: 'push.example.com',
      port: 443,
      address: null,
    });
    const literal = checkOutboundUrl('https://[2606:4700:4700::1111]/', strict);
    expect(literal.ok && literal.target.address).toBe('2606:4700:4700::1111');
  });

  it('takes other ports only when the caller names them', () => {
    expect(
      checkOutboundUrl('https://push.example.com:8443/', {
        allowPrivate: false,
        ports: [443, 8443],
      }).ok,
    ).toBe(true);
  });

  it('takes http, private addresses and any port only with allowPrivate (tests on one machine)', () => {
    const permissive = { allowPrivate: true };
    expect(checkOutboundUrl('http://127.0.0.1:9000/push', permissive).ok).toBe(true);
    expect(checkOutboundUrl('https://localhost:9000/push', permissive).ok).toBe(true);
    expect(checkOutboundUrl('http://127.0.0.1:9000/push', strict).ok).toBe(false);
    expect(checkOutboundUrl('ftp://127.0.0.1/', permissive).ok).toBe(false);
    expect(checkOutboundUrl('http://u:p@127.0.0.1/', permissive).ok).toBe(false);
  });
});

describe('checkAddress', () => {
  it('judges resolver answers of both families', () => {
    expect(checkAddress('93.184.215.14').ok).toBe(true);
    expect(checkAddress('2a00:1450:4007:80f::200a').ok).toBe(true);
    expect(checkAddress('127.0.0.53')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/loopback/),
    });
    expect(checkAddress('::ffff:10.0.0.1')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/private/),
    });
    expect(checkAddress('example.com')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an IP/),
    });
  });
});

describe('normaliseHost', () => {
  it('drops brackets, case and one final dot', () => {
    expect(normaliseHost('LocalHost.')).toBe('localhost');
    expect(normaliseHost('[::1]')).toBe('::1');
  });
});
