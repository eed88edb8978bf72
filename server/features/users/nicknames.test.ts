import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { createTestApp, memberInput, registerMember, type TestApp } from '../../testing/app.js';
import { backfillNicknameKeys, NICKNAME_LOOKALIKE, nicknameKey } from './nickname-key.js';

/** Issue 17, finding 6: one member could pose as another with a look-alike nickname. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'names-admin@example.com' });
  admin = await registerMember(t.app, { email: 'names-admin@example.com' });
});
afterAll(() => t.close());

const register = (overrides: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: memberInput(overrides) });

describe('nickname keys', () => {
  it.each([
    ['ana', 'аnа'],
    ['Bill', 'BiII'],
    ['bill', 'Ьill'],
    ['modern', 'rnodern'],
    ['oce', 'осе'],
    ['ANNA', 'anna'],
    ['paypal', 'ｐａｙｐａｌ'],
  ])('gives %s and %s the same key', (a, b) => {
    expect(nicknameKey(a)).toBe(nicknameKey(b));
  });

  it('keeps different names apart', () => {
    expect(nicknameKey('ana')).not.toBe(nicknameKey('anna'));
    expect(nicknameKey('ada123')).not.toBe(nicknameKey('ada124'));
  });
});

describe('registering and renaming', () => {
  it('refuses hidden characters, direction overrides and mixed alphabets with a clear 400', async () => {
    for (const [nickname, message] of [
      ['zoe\u200b', 'Nicknames cannot contain invisible or control characters'],
      ['\u202ezoe', 'Nicknames cannot contain characters that change the direction of text'],
      ['z\u043ee', 'Nicknames must use one alphabet; this one mixes Latin and Cyrillic letters'],
    ] as const) {
      const response = await register({ nickname });
      expect(response.statusCode, nickname).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a look-alike of an existing nickname, in any alphabet or width', async () => {
    await registerMember(t.app, { nickname: 'olga' });
    const cyrillic = await register({ nickname: 'оlgа'.replace(/l/, 'I') });
    expect(cyrillic.statusCode).toBeGreaterThanOrEqual(400);
    const wholeScript = await register({ nickname: 'осе' });
    expect(wholeScript.statusCode).toBe(201);
    const latinTwin = await register({ nickname: 'oce' });
    expect(latinTwin.statusCode).toBe(409);
    expect(latinTwin.json().message).toBe(NICKNAME_LOOKALIKE);
    const wide = await register({ nickname: 'ＯＬＧＡ' });
    expect(wide.statusCode).toBe(409);
    expect(wide.json().message).toBe('That nickname is already taken');
    const capitalI = await register({ nickname: 'oIga' });
    expect(capitalI.statusCode).toBe(409);
  });

  it('stores the normalised nickname and strips bidi controls from first and last names', async () => {
    const response = await register({
      nickname: 'ｍａｒｉｅ  ｃ',
      firstName: 'Marie\u202e',
      lastName: '\u2067Curie\u2069',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      nickname: 'marie c',
      firstName: 'Marie',
      lastName: 'Curie',
    });
  });

  it('applies the same checks to a profile edit and an admin’s edit', async () => {
    await registerMember(t.app, { nickname: 'grace' });
    const member = await registerMember(t.app, { nickname: 'hopper' });
    const own = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: member.cookie },
      payload: { nickname: 'grаce' },
    });
    expect(own.statusCode).toBe(400);
    const twin = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: member.cookie },
      payload: { nickname: 'GRACE' },
    });
    expect(twin.statusCode).toBe(409);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.user.id}/profile`,
      headers: { cookie: admin.cookie },
      payload: { nickname: 'ɡrace' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(409);
    // Renaming to a look-alike of one's own nickname is fine.
    const self = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: member.cookie },
      payload: { nickname: 'Hopper' },
    });
    expect(self.statusCode).toBe(200);
  });

  it('fills the key of members who joined before keys existed, leaving a look-alike without', async () => {
    const first = await registerMember(t.app, { nickname: 'legacy' });
    const second = await registerMember(t.app, { nickname: 'legacyx' });
    await t.db.update(users).set({ nicknameKey: null }).where(eq(users.id, first.user.id));
    await t.db
      .update(users)
      .set({ nicknameKey: null, nickname: 'IegacY' })
      .where(eq(users.id, second.user.id));
    const warnings: string[] = [];
    await backfillNicknameKeys(t.db, { warn: (m) => warnings.push(m) });
    const keys = await t.db.select({ id: users.id, key: users.nicknameKey }).from(users);
    const keyOf = (id: string) => keys.find((row) => row.id === id)?.key;
    expect([keyOf(first.user.id), keyOf(second.user.id)].filter(Boolean)).toEqual([
      nicknameKey('legacy'),
    ]);
    expect(warnings).toHaveLength(1);
  });
});
