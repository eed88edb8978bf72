import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, pushEndpointProblem } from './endpoint.js';

describe('pushEndpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QO',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://8.8.8.8/push',
  ])('takes the push service %s', (url) => {
    expect(pushEndpointProblem(url, false)).toBeNull();
    expect(isAllowedPushEndpoint(url, false)).toBe(true);
  });

  it.each([
    // Issue 36 §3: all four were taken (201).
    ['https://203.0.113.7/push', /203\.0\.113\.7 is not a public address \(documentation\)/],
    ['https://localhost./push', /localhost is a local-only name/],
    ['https://[::127.0.0.1]/push', /IPv4-compatible form of 127\.0\.0\.1, loopback/],
    ['https://[64:ff9b::7f00:1]/push', /NAT64 form of 127\.0\.0\.1, loopback/],
    ['http://fcm.googleapis.com/fcm/send/abc', /must use https/],
    ['https://localhost/push', /local-only/],
    ['https://127.0.0.1:8080/push', /port 8080/],
    ['https://2130706433/push', /127\.0\.0\.1 .*loopback/],
    ['https://0x7f.1/push', /127\.0\.0\.1 .*loopback/],
    ['https://10.1.2.3/push', /private/],
    ['https://100.64.0.1/push', /carrier-grade NAT/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[::1]/push', /loopback/],
    ['https://[fd00::1]/push', /unique-local/],
    ['https://[fec0::1]/push', /site-local/],
    ['https://[::ffff:127.0.0.1]/push', /IPv4-mapped form of 127\.0\.0\.1/],
    ['https://[2002:7f00:1::]/push', /6to4 form of 127\.0\.0\.1/],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push', /Teredo/],
    ['https://intranet/push', /local-only|single-label/],
    ['https://db.internal/push', /local-only/],
    ['https://foo.localhost/push', /local-only/],
    ['https://user:pw@push.example.com/x', /user name or password/],
    ['ftp://push.example.com/x', /must use https/],
    ['not a url', /not a URL/],
  ])('refuses %s, naming why', (url, why) => {
    const problem = pushEndpointProblem(url, false);
    expect(problem).toMatch(/^endpoint must be the https URL of a public push service: /);
    expect(problem).toMatch(why);
  });

  it('takes loopback http only when PUSH_ALLOW_PRIVATE_ENDPOINTS is on (tests)', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push', false)).toBe(false);
  });
});
