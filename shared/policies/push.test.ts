import { describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES } from '../push.js';
import { canAddPushDevice, TOO_MANY_PUSH_DEVICES } from './push.js';

const member = { id: 'ada', isAdmin: false };

describe('canAddPushDevice', () => {
  it('takes devices up to MAX_PUSH_DEVICES, then refuses with 409 and a message', () => {
    expect(MAX_PUSH_DEVICES).toBe(10);
    expect(canAddPushDevice(member, { otherDevices: 0 }).ok).toBe(true);
    expect(canAddPushDevice(member, { otherDevices: 9 }).ok).toBe(true);
    expect(canAddPushDevice(member, { otherDevices: 10 })).toEqual({
      ok: false,
      status: 409,
      reason: TOO_MANY_PUSH_DEVICES,
    });
    expect(TOO_MANY_PUSH_DEVICES).toMatch(/10 devices/);
  });

  it('needs a signed-in member', () => {
    expect(canAddPushDevice(null, { otherDevices: 0 })).toMatchObject({ ok: false, status: 401 });
  });
});
