import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './endpoint.js';

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QO',
    'https://8.8.8.8/push',
  ])('takes the push service %s', (url) => {
    expect(isAllowedPushEndpoint(url, false)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://localhost/push',
    'https://127.0.0.1:8080/push',
    'https://10.1.2.3/push',
    'https://192.168.0.4/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://intranet/push',
    'https://db.internal/push',
    'https://user:pw@push.example.com/x',
    'ftp://push.example.com/x',
    'not a url',
  ])('refuses %s, which is not a public https push service', (url) => {
    expect(isAllowedPushEndpoint(url, false)).toBe(false);
  });

  it('takes loopback http only when PUSH_ALLOW_PRIVATE_ENDPOINTS is on (tests)', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push', false)).toBe(false);
  });
});
