/** The sender's side of the federation figures: its members and listings, and their publishing. */
import { hashPassword } from '../../server/features/auth/password.js';
import { nicknameKey } from '../../server/features/users/nickname-key.js';
import { findBannedWord } from '../../shared/item-display.js';
import { type Instance, query } from './federation-instances.js';
import { ADJECTIVES, NOUNS, SENTENCES, WANTED } from './seed.js';

export /** Members of the sender who own the published listings (their keys made before the timing). */
async function senderMembers(sender: Instance, count: number): Promise<string[]> {
  const password = await hashPassword('bench-password');
  const nicknames = Array.from({ length: count }, (_, i) => `publisher${i + 1}`);
  const rows = await query<{ id: string }>(
    sender.dbUrl,
    `insert into users (email, password, first_name, nickname, nickname_key, email_verified_at)
     select n || '@sender.bench.example', $1, 'Publisher', n, k, now()
       from unnest($2::text[], $3::text[]) as t(n, k)
     on conflict do nothing
     returning id`,
    [password, nicknames, nicknames.map((nickname) => nicknameKey(nickname))],
  );
  const ids = rows.map((row) => row.id);
  // Each member's actor, as the receiver reads it: makes their key pairs now, not while timed.
  for (const id of ids)
    await fetch(`${sender.url}/ap/actors/${id}`, {
      headers: { accept: 'application/activity+json' },
    }).then((response) => response.arrayBuffer());
  return ids;
}

export /**
 * The seed's words that every instance accepts: the banned-word rule matches within words
 * ("pet-free" has "pet"), and a receiver refuses such a listing whole.
 */
const acceptable = (words: readonly string[]) => words.filter((word) => !findBannedWord(word));

export /**
 * `count` new listings of `owners` on the sender, numbered from `from` (their words vary with
 * it), written in SQL: no publish job yet.
 */
async function senderListings(sender: Instance, owners: string[], from: number, count: number) {
  const rows = await query<{ id: number }>(
    sender.dbUrl,
    `insert into items (title, description, category_id, condition, user_id, wanted_items, location)
     select ($1::text[])[1 + (i * 7) % array_length($1, 1)] || ' ' || ($2::text[])[1 + (i * 13) % array_length($2, 1)],
            concat_ws(' ', ($3::text[])[1 + i % array_length($3, 1)], ($3::text[])[1 + (i * 5 + 3) % array_length($3, 1)]),
            2 + i % 10, 'good', ($4::text[])[1 + i % array_length($4, 1)],
            case when i % 3 = 0 then null else ($5::text[])[1 + i % array_length($5, 1)] end,
            'Leeds'
       from generate_series($6::int, $6::int + $7::int - 1) as i
     returning id`,
    [
      acceptable(ADJECTIVES),
      acceptable(NOUNS),
      acceptable(SENTENCES),
      owners,
      acceptable(WANTED),
      from,
      count,
    ],
  );
  return rows.map((row) => row.id);
}

export /** Each listing's publish job, as a listing change enqueues it (federation/publish.ts). */
async function enqueuePublish(sender: Instance, ids: number[]): Promise<Date> {
  const [row] = await query<{ at: Date }>(
    sender.dbUrl,
    `with queued as (
       insert into jobs (queue, payload)
       select 'federation.publish', jsonb_build_object('itemId', id, 'userId', user_id, 'created', true)
         from items where id = any($1::int[]) order by id
       returning created_at)
     select max(created_at) as at from queued`,
    [ids],
  );
  return row?.at ?? new Date();
}
