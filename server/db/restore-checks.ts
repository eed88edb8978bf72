import { EMAIL_MAX_LENGTH, NICKNAME_MAX_LENGTH } from '../../shared/limits.js';

/**
 * What a restore checks in the rows that decide who may sign in (issue 36 §7): every `users` and
 * `sessions` row of a backup must be one SwapMarket writes, or the restore stops (snapshot.ts
 * runs these over the loaded rows, in the backup's order, before it commits).
 *
 * These are shape checks. They turn away a hand-edited or damaged row (a plain-text password, a
 * session that names no creation time, an address with a line break in it that would end up in
 * an email's headers), not a forger who writes rows exactly as the app does: that one is kept
 * out by who may write the backup file (README, "Backups").
 *
 * Rows come as `to_jsonb(row)`: column names as in the database, timestamps as strings. A column
 * a snapshot's older schema lacks is simply absent (a row without `origin_instance_id` is a member
 * of this site).
 */

export type RowCheck = (row: Record<string, unknown>) => string | undefined;

/** `scrypt$N$r$p$salt$hash` as server/features/auth/password.ts writes it (base64url parts). */
const SCRYPT = /^scrypt\$([1-9]\d{0,9})\$([1-9]\d{0,2})\$([1-9]\d{0,2})\$([\w-]+)\$([\w-]+)$/;
/** password.ts derives 64-byte keys; a hash of another length never matches a password. */
const SCRYPT_KEY_BYTES = 64;
/** hashToken (server/infra/tokens.ts): SHA-256, base64url. Session ids and emailed tokens. */
const TOKEN_HASH = /^[\w-]{43}$/;
/** `Date.prototype.toISOString()`, which is how sessions record their creation. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CONTROL = /\p{Cc}/u;

/** A real instant that prints back as itself (no 30 February). */
const isTime = (text: string) => {
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString() === text;
};

const base64urlBytes = (text: string) => Buffer.from(text, 'base64url').length;

/** Why a stored password is not one password.ts wrote, or undefined. */
export function passwordProblem(value: unknown): string | undefined {
  const parts = typeof value === 'string' ? SCRYPT.exec(value) : null;
  if (!parts) return 'the password is not a scrypt hash in the form SwapMarket writes';
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Cost parameters may grow (password.ts), within what a sign-in can afford to check.
  if ((n & (n - 1)) !== 0 || n < 2 ** 10 || n > 2 ** 20 || r > 32 || p > 16) {
    return `the password hash's scrypt parameters (N=${n}, r=${r}, p=${p}) are not ones SwapMarket uses`;
  }
  if (base64urlBytes(parts[4] ?? '') < 16) return "the password hash's salt is too short";
  if (base64urlBytes(parts[5] ?? '') !== SCRYPT_KEY_BYTES) {
    return `the password hash is not ${SCRYPT_KEY_BYTES} bytes long`;
  }
  return undefined;
}

function emailProblem(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    value.length > EMAIL_MAX_LENGTH ||
    CONTROL.test(value) ||
    !/^[^\s@]+@[^\s@]+$/.test(value)
  ) {
    return 'the email is not an address SwapMarket accepts';
  }
  return undefined;
}

function nicknameProblem(row: Record<string, unknown>, maxLength: number): string | undefined {
  const { nickname } = row;
  if (nickname === null || nickname === undefined) {
    // Accounts made by scripts have none; a key without a nickname has nothing to stand for.
    return typeof row.nickname_key === 'string'
      ? 'it has a nickname key but no nickname'
      : undefined;
  }
  if (
    typeof nickname !== 'string' ||
    nickname.length === 0 ||
    nickname.length > maxLength ||
    nickname !== nickname.trim()
  ) {
    return 'the nickname is not one SwapMarket accepts';
  }
  return undefined;
}

/** An emailed token is stored as its hash, with the time it runs out, or neither is. */
function tokenProblem(
  row: Record<string, unknown>,
  token: string,
  expires: string,
): string | undefined {
  if (!(token in row)) return undefined;
  const [hash, until] = [row[token], row[expires]];
  if ((hash === null) !== (until === null)) return `${token} and ${expires} are not set together`;
  if (hash !== null && (typeof hash !== 'string' || !TOKEN_HASH.test(hash))) {
    return `${token} is not a token hash`;
  }
  return undefined;
}

/** What a remote member's row holds (federation): features/federation/remote-store.ts. */
const REMOTE_PASSWORD = '!remote';
const REMOTE_EMAIL_DOMAIN = '@remote.invalid';
/** `username@host`: a username of at most 60, a host name of at most 253. */
const REMOTE_NICKNAME_MAX_LENGTH = 60 + 1 + 253;

/**
 * A member of another instance (where the schema has federation's columns): made by the inbox,
 * never signs in, is never emailed, is nobody's admin.
 */
function remoteMemberProblem(row: Record<string, unknown>): string | undefined {
  if (typeof row.actor_url !== 'string' || !/^https?:\/\/\S+$/.test(row.actor_url)) {
    return 'a member of another instance without the address of their actor';
  }
  if (row.password !== REMOTE_PASSWORD) return 'a member of another instance has a password';
  if (row.email !== `${row.id}${REMOTE_EMAIL_DOMAIN}`) {
    return 'a member of another instance has an email address';
  }
  if (row.is_admin !== false) return 'a member of another instance is an admin';
  if (row.email_verified_at !== null) return 'a member of another instance has a verified email';
  if (row.reset_token !== null || row.verify_token !== null) {
    return 'a member of another instance has an emailed token';
  }
  return nicknameProblem(row, REMOTE_NICKNAME_MAX_LENGTH);
}

/** What an erased account's row holds (features/account/erasure.ts): a tombstone. */
const ERASED_PASSWORD = '!erased';
const ERASED_EMAIL_DOMAIN = '@erased.invalid';

function erasedMemberProblem(row: Record<string, unknown>): string | undefined {
  if (row.password !== ERASED_PASSWORD) return 'an erased account has a password';
  if (row.email !== `${row.id}${ERASED_EMAIL_DOMAIN}`)
    return 'an erased account has an email address';
  if (row.is_admin !== false) return 'an erased account is an admin';
  if (row.email_verified_at !== null) return 'an erased account has a verified email';
  if (row.reset_token !== null || row.verify_token !== null) {
    return 'an erased account has an emailed token';
  }
  if (row.nickname !== null || row.nickname_key !== null) return 'an erased account has a nickname';
  return undefined;
}

export const userProblem: RowCheck = (row) => {
  if (typeof row.id !== 'string' || row.id.length === 0 || CONTROL.test(row.id)) {
    return 'the id is not one SwapMarket writes';
  }
  if (typeof row.is_admin !== 'boolean') return 'is_admin is not true or false';
  const remote = row.origin_instance_id !== null && row.origin_instance_id !== undefined;
  if (remote) return remoteMemberProblem(row);
  if (row.erased_at !== null && row.erased_at !== undefined) return erasedMemberProblem(row);
  if (row.actor_url !== null && row.actor_url !== undefined) {
    return "a member of this site has another instance's actor address";
  }
  return (
    emailProblem(row.email) ??
    passwordProblem(row.password) ??
    nicknameProblem(row, NICKNAME_MAX_LENGTH) ??
    tokenProblem(row, 'reset_token', 'reset_token_expires') ??
    tokenProblem(row, 'verify_token', 'verify_token_expires')
  );
};

/** `sess` is exactly what server/infra/session-store.ts writes: `{ userId, createdAt }`. */
export const sessionProblem: RowCheck = (row) => {
  if (typeof row.sid !== 'string' || !TOKEN_HASH.test(row.sid)) {
    return 'sid is not the hash of a session token';
  }
  const sess = row.sess;
  if (typeof sess !== 'object' || sess === null || Array.isArray(sess)) {
    return 'sess is not an object';
  }
  const keys = Object.keys(sess).sort();
  if (keys.length !== 2 || keys[0] !== 'createdAt' || keys[1] !== 'userId') {
    return `sess holds ${keys.length ? keys.join(', ') : 'nothing'}, not exactly userId and createdAt`;
  }
  const { userId, createdAt } = sess as Record<string, unknown>;
  if (typeof userId !== 'string' || userId.length === 0 || CONTROL.test(userId)) {
    return 'sess.userId is not a user id';
  }
  if (typeof createdAt !== 'string' || !ISO_TIME.test(createdAt) || !isTime(createdAt)) {
    return 'sess.createdAt is not a time as SwapMarket writes it';
  }
  return undefined;
};

/** The checked tables, by `schema.table`. */
export const ROW_CHECKS: ReadonlyMap<string, RowCheck> = new Map([
  ['public.users', userProblem],
  ['public.sessions', sessionProblem],
]);
