/**
 * Listings of other instances in the bench data set (issue 37 §5): REMOTE_INSTANCES instances
 * that this one follows, members of theirs and REMOTE_LISTINGS listings, as the federation code
 * stores them (server/features/federation/remote-store.ts): an `instances` row each; a `users`
 * row per remote member (origin_instance_id, actor_url, profile_url, the address
 * `<id>@remote.invalid`, a password no hash matches, the nickname `username@host`); an `items`
 * row per listing (origin_instance_id, origin_url, the fuzzed public point only, photos already
 * ours). Written in SQL from the seed's word lists, interleaved in age with the local listings,
 * so browse, search and item pages show both. `removeRemoteListings` takes them all away again.
 */
import pg from 'pg';
import { nicknameKey } from '../../server/features/users/nickname-key.js';
import {
  ADJECTIVES,
  CONDITIONS,
  FIRST_NAMES,
  NOUNS,
  SEED_SIZES,
  SENTENCES,
  TOWNS,
  WANTED,
} from './seed.js';

export const REMOTE_LISTINGS = 20_000;
export const REMOTE_INSTANCES = 4;
/** Listings per remote member, as in the seed (100,000 listings of 10,000 members). */
const LISTINGS_PER_MEMBER = 10;
/** The bench's remote instances: names nobody can own (RFC 2606), never contacted. */
const HOST_SUFFIX = '.bench-remote.example';

const hostOf = (k: number) => `market${k}${HOST_SUFFIX}`;

/** Takes every remote instance of the bench away, with its members and listings (cascade). */
export async function removeRemoteListings(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('delete from instances where host like $1', [`%${HOST_SUFFIX}`]);
  } finally {
    await client.end();
  }
}

/**
 * Adds the remote instances, members and listings; returns the local ids of the remote listings
 * (a spread of them for item pages) and how many there are.
 */
export async function seedRemoteListings(
  url: string,
  count = REMOTE_LISTINGS,
): Promise<{ listings: number; members: number; instances: number; sampleIds: number[] }> {
  await removeRemoteListings(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const hosts = Array.from({ length: REMOTE_INSTANCES }, (_, k) => hostOf(k + 1));
    // Instances we follow (their listings come here); none follows us back.
    const instanceRows = await q(
      `insert into instances (host, base_url, actor_url, inbox_url, shared_inbox_url, name,
                              following, follower, last_delivery_at)
       select h, 'https://' || h, 'https://' || h || '/ap/actors/instance',
              'https://' || h || '/ap/actors/instance/inbox', 'https://' || h || '/ap/inbox',
              'Swap market ' || n, 'accepted', 'none', now()
         from unnest($1::text[]) with ordinality as t(h, n)
       returning id, host`,
      [hosts],
    );
    const instanceIds = hosts.map(
      (host) => instanceRows.rows.find((row) => row.host === host)?.id as number,
    );

    const members = Math.ceil(count / LISTINGS_PER_MEMBER);
    const memberNumbers = Array.from({ length: members }, (_, i) => i + 1);
    const memberHost = (n: number) => hosts[n % REMOTE_INSTANCES] ?? '';
    const nicknames = memberNumbers.map((n) => `trader${n}@${memberHost(n)}`);
    await q(
      `insert into users (id, email, password, first_name, nickname, nickname_key,
                          origin_instance_id, actor_url, profile_url, created_at)
       select u.id, u.id || '@remote.invalid', '!remote', ($5::text[])[1 + m.n % array_length($5, 1)],
              m.nickname, m.key, m.instance, 'https://' || m.host || '/ap/actors/' || u.id,
              'https://' || m.host || '/profile/' || u.id, now() - (m.n % 500) * interval '1 day'
         from unnest($1::int[], $2::text[], $3::text[], $4::int[], $6::text[])
              as m(n, nickname, key, instance, host)
        cross join lateral (select md5('remote-member' || m.n)::uuid::text as id) u`,
      [
        memberNumbers,
        nicknames,
        nicknames.map((nickname) => nicknameKey(nickname)),
        memberNumbers.map((n) => instanceIds[n % REMOTE_INSTANCES]),
        FIRST_NAMES,
        memberNumbers.map(memberHost),
      ],
    );

    // Photos already fetched and stored as ours: the seed's.
    const photos = (
      await q(`select '/api/images/' || id as url from images where variant = 'full' order by id`)
    ).rows.map((row) => row.url as string);
    // Listings 1…count of the remote members, their ages spread over the seed's (one every
    // 25 minutes against the seed's 5), words and places drawn as the seed draws them.
    const spacing = (SEED_SIZES.items * 5) / count;
    const inserted = await q(
      `insert into items (title, description, category_id, condition, images, user_id, wanted_items,
                          estimated_value, is_open_to_offers, location, public_latitude,
                          public_longitude, public_point, is_active, origin_instance_id, origin_url,
                          created_at, updated_at)
       select t.title, t.description, t.category_id, t.condition, t.images, t.user_id, t.wanted_items,
              t.estimated_value, t.is_open_to_offers, t.location, p.lat, p.lon, ll_to_earth(p.lat, p.lon),
              true, t.instance, 'https://' || t.host || '/item/' || t.i, t.at, t.at
         from (
           select i,
                  ($1::text[])[1 + (i * 11) % array_length($1, 1)] || ' ' || ($2::text[])[1 + (i * 17) % array_length($2, 1)] as title,
                  concat_ws(' ', ($3::text[])[1 + (i * 3) % array_length($3, 1)], ($3::text[])[1 + (i * 7 + 2) % array_length($3, 1)],
                            ($3::text[])[1 + (i * 13 + 5) % array_length($3, 1)]) as description,
                  2 + (i * 3) % 10 as category_id,
                  ($4::text[])[1 + i % 4] as condition,
                  case when cardinality($5::text[]) = 0 then '{}'::text[]
                       else array[($5::text[])[1 + (i * 5) % array_length($5, 1)]] end as images,
                  md5('remote-member' || (1 + i % $8::int))::uuid::text as user_id,
                  case when i % 3 = 1 then null else ($6::text[])[1 + (i * 3) % array_length($6, 1)] end as wanted_items,
                  case when i % 5 = 0 then null else '£' || (5 + (i * 41) % 400) end as estimated_value,
                  i % 3 = 1 as is_open_to_offers,
                  ($7::text[])[1 + (i * 23) % array_length($7, 1)] as location,
                  ($9::float8[])[1 + (i * 23) % array_length($9, 1)] as lat0,
                  ($10::float8[])[1 + (i * 23) % array_length($10, 1)] as lon0,
                  ($11::int[])[1 + (1 + i % $8::int) % $12::int] as instance,
                  ($13::text[])[1 + (1 + i % $8::int) % $12::int] as host,
                  now() - ($14::int - i) * $15::float8 * interval '1 minute' + interval '1 minute' as at
             from generate_series(1, $14::int) as i
         ) t
        cross join lateral (
          select t.lat0 + (0.5 + (t.i % 11) / 10.0) / 111.32 * cos(t.i) as lat,
                 t.lon0 + (0.5 + (t.i % 11) / 10.0) / (111.32 * cos(radians(t.lat0))) * sin(t.i) as lon
        ) p
       returning id`,
      [
        ADJECTIVES,
        NOUNS,
        SENTENCES,
        CONDITIONS,
        photos,
        WANTED,
        TOWNS.map((town) => town[0]),
        members,
        TOWNS.map((town) => town[1]),
        TOWNS.map((town) => town[2]),
        instanceIds,
        REMOTE_INSTANCES,
        hosts,
        count,
        spacing,
      ],
    );
    await q(
      `insert into search_terms (word)
       select distinct w from items, regexp_split_to_table(lower(items.title), '[^[:alnum:]]+') as w
        where items.origin_instance_id is not null and length(w) between 3 and 40
       on conflict do nothing`,
    );
    await q('analyze items');
    await q('analyze users');
    const ids = inserted.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const sampleIds = Array.from(
      { length: Math.min(500, ids.length) },
      (_, k) => ids[Math.floor((k * ids.length) / Math.min(500, ids.length))] ?? 0,
    );
    return { listings: ids.length, members, instances: REMOTE_INSTANCES, sampleIds };
  } finally {
    await client.end();
  }
}
