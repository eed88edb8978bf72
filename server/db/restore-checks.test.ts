import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../features/auth/password.js';
import { hashToken, newToken } from '../infra/tokens.js';
import { passwordProblem, sessionProblem, userProblem } from './restore-checks.js';

/** The rows a restore accepts in `users` and `sessions` (issue 36 §7): what the app writes. */

let user: Record<string, unknown>;
const session = {
  sid: hashToken(newToken()),
  sess: { userId: 'member-1', createdAt: new Date().toISOString() },
  expire: new Date().toISOString(),
};

beforeAll(async () => {
  user = {
    id: '9b2f3c1e-1111-4c4c-8888-0123456789ab',
    email: 'ann@example.com',
    password: await hashPassword('a good password'),
    first_name: 'Ann',
    last_name: 'Smith',
    nickname: 'ann',
    nickname_key: 'ann',
    is_admin: true,
    reset_token: hashToken(newToken()),
    reset_token_expires: new Date().toISOString(),
    verify_token: null,
    verify_token_expires: null,
  };
});

describe('users', () => {
  it('takes what the app writes, and what older schemas and scripts wrote', () => {
    expect(userProblem(user)).toBeUndefined();
    // Scripts (bench data) make members without a nickname; older snapshots lack nickname_key.
    expect(userProblem({ ...user, nickname: null, nickname_key: null })).toBeUndefined();
    const { nickname_key: _, ...older } = user;
    expect(userProblem(older)).toBeUndefined();
  });

  it.each([
    ['a plain-text password', { password: 'letmein' }, /not a scrypt hash/],
    ['a hash of another scheme', { password: '$2b$10$abcdefghijklmnopqrstuv' }, /not a scrypt/],
    ['an email with a line break', { email: 'ann@example.com\nBcc: all@example.com' }, /email/],
    ['an email without an @', { email: 'ann.example.com' }, /email/],
    ['an empty nickname', { nickname: '' }, /nickname/],
    ['a nickname longer than the app allows', { nickname: 'n'.repeat(41) }, /nickname/],
    ['a nickname key without a nickname', { nickname: null }, /nickname key but no nickname/],
    ['a reset token without its expiry', { reset_token_expires: null }, /not set together/],
    ['a token that is not a hash', { verify_token: 'abc', verify_token_expires: 'x' }, /hash/],
    ['is_admin that is not a boolean', { is_admin: 'yes' }, /is_admin/],
    ['an empty id', { id: '' }, /id/],
  ])('refuses %s', (_name, change, problem) => {
    expect(userProblem({ ...user, ...change })).toMatch(problem);
  });

  it('bounds the scrypt parameters a sign-in would have to pay for', async () => {
    const [, , , , salt, key] = String(user.password).split('$');
    const withCost = (n: number, r = 8, p = 1) => `scrypt$${n}$${r}$${p}$${salt}$${key}`;
    expect(passwordProblem(withCost(2 ** 14))).toBeUndefined();
    expect(passwordProblem(withCost(2 ** 17))).toBeUndefined();
    expect(passwordProblem(withCost(2 ** 30))).toMatch(/parameters/);
    expect(passwordProblem(withCost(1000))).toMatch(/parameters/);
    expect(passwordProblem(withCost(2 ** 14, 8, 100))).toMatch(/parameters/);
    expect(passwordProblem(`scrypt$16384$8$1$${salt}$${key?.slice(0, 40)}`)).toMatch(/64 bytes/);
  });
});

describe("members of other instances (federation's columns, where the schema has them)", () => {
  const remote = () => ({
    ...user,
    id: 'remote-1',
    email: 'remote-1@remote.invalid',
    password: '!remote',
    nickname: 'someone_with_a_long_name@swaps.example.org',
    nickname_key: 'someone_with_a_long_name@swaps.example.org',
    is_admin: false,
    email_verified_at: null,
    reset_token: null,
    reset_token_expires: null,
    origin_instance_id: 3,
    actor_url: 'https://swaps.example.org/users/someone',
  });

  it('takes them as the inbox writes them, and local members beside them', () => {
    expect(userProblem(remote())).toBeUndefined();
    expect(userProblem({ ...user, origin_instance_id: null, actor_url: null })).toBeUndefined();
  });

  it.each([
    ['a password', { password: 'scrypt$16384$8$1$c2FsdA$aGFzaA' }, /has a password/],
    ['an email address', { email: 'someone@example.com' }, /has an email address/],
    ['an admin flag', { is_admin: true }, /is an admin/],
    ['a verified email', { email_verified_at: '2026-11-27T10:00:00+00:00' }, /verified email/],
    ['no actor address', { actor_url: null }, /without the address of their actor/],
  ])('refuses a remote member with %s', (_name, change, problem) => {
    expect(userProblem({ ...remote(), ...change })).toMatch(problem);
  });

  it("refuses a local member with a remote member's marks", () => {
    expect(userProblem({ ...user, password: '!remote' })).toMatch(/not a scrypt hash/);
    expect(userProblem({ ...user, actor_url: 'https://swaps.example.org/users/x' })).toMatch(
      /another instance's actor address/,
    );
  });
});

describe('erased accounts (issue 40 §1)', () => {
  const erased = () => ({
    id: 'erased-1',
    email: 'erased-1@erased.invalid',
    password: '!erased',
    first_name: 'Deleted',
    last_name: 'member',
    nickname: null,
    nickname_key: null,
    is_admin: false,
    email_verified_at: null,
    reset_token: null,
    reset_token_expires: null,
    verify_token: null,
    verify_token_expires: null,
    erased_at: new Date().toISOString(),
  });

  it('takes the tombstone the erasure writes', () => {
    expect(userProblem(erased())).toBeUndefined();
  });

  it.each([
    ['a password', { password: '!remote' }, /has a password/],
    ['an address', { email: 'ann@example.com' }, /has an email address/],
    ['admin rights', { is_admin: true }, /is an admin/],
    ['a nickname', { nickname: 'ann', nickname_key: 'ann' }, /has a nickname/],
  ])('refuses an erased account with %s', (_name, change, problem) => {
    expect(userProblem({ ...erased(), ...change })).toMatch(problem);
  });

  it("refuses a live account with an erased one's password", () => {
    expect(userProblem({ ...user, password: '!erased' })).toMatch(/not a scrypt hash/);
  });
});

describe('sessions', () => {
  it('takes what the app writes', () => {
    expect(sessionProblem(session)).toBeUndefined();
  });

  it.each([
    ['an extra key in sess', { sess: { ...session.sess, isAdmin: true } }, /not exactly/],
    ['a sess without createdAt', { sess: { userId: 'member-1' } }, /not exactly/],
    ['a sess that is a string', { sess: 'member-1' }, /not an object/],
    ['a createdAt that is no time', { sess: { ...session.sess, createdAt: 'soon' } }, /createdAt/],
    [
      'a createdAt of 30 February',
      { sess: { ...session.sess, createdAt: '2026-02-30T10:00:00.000Z' } },
      /createdAt/,
    ],
    ['an empty userId', { sess: { ...session.sess, userId: '' } }, /userId/],
    ['a sid that is a token, not its hash', { sid: newToken().slice(0, 20) }, /sid/],
  ])('refuses %s', (_name, change, problem) => {
    expect(sessionProblem({ ...session, ...change })).toMatch(problem);
  });
});
