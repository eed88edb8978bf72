import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { CONFUSABLES } from './confusables-table.js';

/** Source character → its prototype, from Unicode's confusables.txt (confusables-table.ts). */
const PROTOTYPES = new Map<string, string>();
for (const line of CONFUSABLES) {
  for (const entry of line.split(',')) {
    const [from = '', to = ''] = entry.split(':');
    const codePoints = (hex: string) =>
      String.fromCodePoint(...hex.split(' ').map((h) => Number.parseInt(h, 16)));
    PROTOTYPES.set(codePoints(from), codePoints(to));
  }
}

/** UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += PROTOTYPES.get(char) ?? char;
  return mapped.normalize('NFD');
}

/**
 * What two nicknames must not share: the skeleton, lower-cased, and skeletonised again, so that
 * case and look-alikes both fold ("BiII" with capital I's, "bill", "Ьill" and "аna"/"ana" meet).
 * Stored in users.nickname_key under a unique index.
 */
export function nicknameKey(nickname: string): string {
  return skeleton(skeleton(nickname.normalize('NFKC')).toLowerCase());
}

export const NICKNAME_TAKEN = 'That nickname is already taken';
export const NICKNAME_LOOKALIKE = 'That nickname looks too much like another member’s';

/** Refuses (409) a nickname whose key another member's nickname has. */
export async function requireNicknameFree(
  db: Executor,
  nickname: string,
  exceptUserId?: string,
): Promise<string> {
  const key = nicknameKey(nickname);
  const [clash] = await db
    .select({ nickname: users.nickname })
    .from(users)
    .where(
      and(
        eq(users.nicknameKey, key),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  if (clash) {
    const same = clash.nickname?.toLowerCase() === nickname.toLowerCase();
    throw new AppError(409, same ? NICKNAME_TAKEN : NICKNAME_LOOKALIKE);
  }
  return key;
}

/** The unique-index violations a nickname write can hit, as the member should read them. */
export function nicknameConflict(constraint: string | undefined): AppError | undefined {
  if (constraint === 'users_nickname_lower_idx') return new AppError(409, NICKNAME_TAKEN);
  if (constraint === 'users_nickname_key_idx') return new AppError(409, NICKNAME_LOOKALIKE);
  return undefined;
}

/**
 * Fills the key of members who joined before keys existed (run at start-up, cheap when done).
 * A member whose nickname now clashes with an earlier one keeps it, without a key; their next
 * nickname change is checked like anyone's.
 */
export async function backfillNicknameKeys(
  db: Database,
  log: { warn: (msg: string) => void },
): Promise<void> {
  let after = '';
  for (;;) {
    const batch = await db
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(
        and(isNull(users.nicknameKey), sql`${users.nickname} is not null`, gt(users.id, after)),
      )
      .orderBy(users.id)
      .limit(500);
    if (batch.length === 0) return;
    for (const { id, nickname } of batch) {
      const key = nicknameKey(nickname ?? '');
      const { rowCount } = await db.execute(sql`
        update users set nickname_key = ${key}
        where id = ${id} and not exists (select 1 from users where nickname_key = ${key})`);
      if (!rowCount)
        log.warn(`Nickname of member ${id} looks like another member's; left without a key`);
      after = id;
    }
  }
}
