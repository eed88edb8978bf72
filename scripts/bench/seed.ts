/**
 * The bench's data set, generated inside PostgreSQL from fixed word lists so that every run on
 * every machine gets the same rows: members, listings with UK towns and real photos, offers,
 * conversations and ratings. Sizes are SEED_SIZES; progress goes to `report`.
 */
import pg from 'pg';
import sharp from 'sharp';
import { hashPassword } from '../../server/features/auth/password.js';
import { processUpload } from '../../server/features/images/image-processing.js';
import { nicknameKey } from '../../server/features/users/nickname-key.js';

/**
 * BENCH_SCALE (default 1) multiplies every count but the photos, which listings share: 10 seeds
 * 1,000,000 listings and 100,000 members (issue 19 §5).
 */
export const BENCH_SCALE = Math.max(1, Math.round(Number(process.env.BENCH_SCALE ?? 1)));

export const SEED_SIZES = {
  members: 10_000 * BENCH_SCALE,
  items: 100_000 * BENCH_SCALE,
  swapRequests: 50_000 * BENCH_SCALE,
  messages: 200_000 * BENCH_SCALE,
  feedback: 20_000 * BENCH_SCALE,
  photos: 24,
};

/** The member the signed-in endpoints are measured as: party to BUSY_MEMBER_OFFERS offers. */
export const BENCH_MEMBER = { email: 'bench1@bench.swapmarket.test', password: 'benchmark' };
const BUSY_MEMBER_OFFERS = 120;
/** The conversation the chat endpoints are measured on. */
export const BENCH_CONVERSATION_MESSAGES = 60;

export const ADJECTIVES = [
  'Vintage',
  'Barely used',
  'Handmade',
  'Antique',
  'Retro',
  'Compact',
  'Folding',
  'Electric',
  'Wooden',
  'Leather',
  'Cast iron',
  'Kids',
  'Classic',
  'Solid oak',
  'Stainless',
  'Portable',
  'Ceramic',
  'Wool',
  'Brass',
  'Mid-century',
  'Waterproof',
  'Signed',
  'Boxed',
  'Refurbished',
];
export const NOUNS = [
  'bicycle',
  'telescope',
  'sewing machine',
  'record player',
  'camera',
  'guitar',
  'armchair',
  'bookcase',
  'kettle',
  'tent',
  'rucksack',
  'microscope',
  'typewriter',
  'lamp',
  'mirror',
  'road bike',
  'drum kit',
  'keyboard',
  'stand mixer',
  'coffee grinder',
  'jigsaw puzzle',
  'board game',
  'football boots',
  'wetsuit',
  'paddleboard',
  'harmonium',
  'dining table',
  'rocking chair',
  'pram',
  'scooter',
  'skateboard',
  'violin',
  'ukulele',
  'binoculars',
  'projector',
  'globe',
  'clock',
  'teapot',
  'vase',
  'rug',
  'quilt',
  'easel',
  'paint set',
  'toolbox',
  'lawnmower',
  'hedge trimmer',
  'barbecue',
  'bird feeder',
  'novel set',
];
export const SENTENCES = [
  'Kept indoors and looked after, with only light marks from normal use.',
  'Comes from a smoke-free, pet-free home and has been cleaned ready to go.',
  'All the original parts are included, along with the instructions.',
  'I am downsizing and it no longer fits in the flat, so it needs a new home.',
  'Works perfectly; I tested it again this week before listing it.',
  'There is a small scratch on one side, shown in the second photo.',
  'Bought two years ago and used a handful of times since then.',
  'Happy to show it working if you come to collect it in person.',
  'It is heavier than it looks, so bring a friend or a car.',
  'Would suit a beginner as well as someone who already knows what they are doing.',
  'The box is a little worn but everything inside is in good condition.',
  'A lovely piece that deserves to be used rather than sit in my loft.',
  'Serviced recently, with new batteries and a fresh set of cables.',
  'Collection only, although I can meet halfway for a sensible swap.',
  'Measurements are in the last photo; please check it fits your space.',
  'Inherited from my grandmother and kept in her spare room for years.',
];
export const WANTED = [
  'Camping gear',
  'A good bread maker',
  'Houseplants',
  'Children’s books',
  'A desk lamp',
  'Garden tools',
  'Vinyl records',
  'A sewing kit',
  'Anything for a new allotment',
  'A road bike helmet',
  'Board games',
  'Kitchen knives',
  'A small bookcase',
  'Art supplies',
];
export const TOWNS: Array<[string, number, number]> = [
  ['London', 51.5072, -0.1276],
  ['Manchester', 53.4808, -2.2426],
  ['Birmingham', 52.4862, -1.8904],
  ['Leeds', 53.8008, -1.5491],
  ['Glasgow', 55.8642, -4.2518],
  ['Edinburgh', 55.9533, -3.1883],
  ['Bristol', 51.4545, -2.5879],
  ['Cardiff', 51.4816, -3.1791],
  ['Belfast', 54.5973, -5.9301],
  ['Liverpool', 53.4084, -2.9916],
  ['Newcastle upon Tyne', 54.9783, -1.6178],
  ['Sheffield', 53.3811, -1.4701],
  ['Nottingham', 52.9548, -1.1581],
  ['York', 53.959, -1.0815],
  ['Brighton', 50.8225, -0.1372],
  ['Oxford', 51.752, -1.2577],
  ['Cambridge', 52.2053, 0.1218],
  ['Norwich', 52.6309, 1.2974],
  ['Exeter', 50.7184, -3.5339],
  ['Aberdeen', 57.1497, -2.0943],
  ['Swansea', 51.6214, -3.9436],
  ['Plymouth', 50.3755, -4.1427],
  ['Leicester', 52.6369, -1.1398],
  ['Southampton', 50.9097, -1.4044],
  ['Bath', 51.3758, -2.3599],
  ['Inverness', 57.4778, -4.2247],
];
export const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Finn',
  'Grace',
  'Hamza',
  'Isla',
  'Jack',
  'Kiran',
  'Lucy',
  'Mo',
  'Nia',
  'Owen',
  'Priya',
];
const LAST_NAMES = [
  'Adeyemi',
  'Brown',
  'Campbell',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Novak',
  'Okafor',
  'Patel',
];
export const CONDITIONS = ['new', 'like-new', 'good', 'fair'];
const CHAT = [
  'Hi, is this still available?',
  'Yes it is! What would you offer?',
  'Could you do Saturday morning?',
  'That works for me.',
  'Great, see you then.',
  'Can you send another photo of the back?',
  'Sure, I will add one tonight.',
  'Would you take my camera instead?',
  'Deal!',
  'Thanks again.',
];

type Report = (line: string) => void;

/** An array literal parameter: the lists go to PostgreSQL once, not per row. */
const list = (values: readonly string[]) => values;

async function timed(report: Report, label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  report(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function photos(
  count: number,
): Promise<Array<{ full: Buffer; thumb: Buffer; w: number; h: number; tw: number; th: number }>> {
  const made = [];
  for (let i = 0; i < count; i++) {
    const hue = (i * 360) / count;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,70%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${200 + i * 17}" cy="300" r="140" fill="rgba(255,255,255,0.35)"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    // The app's own pipeline: the same sizes and encoding a member's upload gets.
    const variants = await processUpload(`data:image/png;base64,${png.toString('base64')}`);
    made.push({
      full: variants.full.bytes,
      thumb: variants.thumb.bytes,
      w: variants.full.width,
      h: variants.full.height,
      tw: variants.thumb.width,
      th: variants.thumb.height,
    });
  }
  return made;
}

/** Members 1…count are 'swapper' + i: their nickname keys, as the app computes them. */
export async function fillNicknameKeys(client: pg.Client, count: number): Promise<void> {
  const keys = Array.from({ length: count }, (_, i) => nicknameKey(`swapper${i + 1}`));
  await client.query(
    `update users set nickname_key = k.key
       from unnest($1::text[]) with ordinality as k(key, n)
      where users.id = md5('member' || k.n)::uuid::text`,
    [keys],
  );
}

export async function seed(
  url: string,
  report: Report,
): Promise<{ memberId: string; conversationId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const passwordHash = await hashPassword(BENCH_MEMBER.password);
    const s = SEED_SIZES;

    await timed(report, `${s.members.toLocaleString('en-GB')} members`, () =>
      q(
        `insert into users (id, email, password, first_name, last_name, nickname, location, email_verified_at, created_at)
         select md5('member' || i)::uuid::text, 'bench' || i || '@bench.swapmarket.test', $1,
                ($2::text[])[1 + i % array_length($2, 1)], ($3::text[])[1 + (i / 7) % array_length($3, 1)],
                'swapper' || i, ($4::text[])[1 + i % array_length($4, 1)],
                case when i % 5 = 0 then null else now() - interval '300 days' end,
                now() - (i % 700) * interval '1 day'
           from generate_series(1, $5::int) as i`,
        [
          passwordHash,
          list(FIRST_NAMES),
          list(LAST_NAMES),
          list(TOWNS.map((t) => t[0])),
          s.members,
        ],
      ),
    );

    // The app fills missing nickname keys at start-up, one member at a time: at BENCH_SCALE=10
    // that took longer than the bench waits for the app to answer. Members get theirs here.
    await timed(report, 'nickname keys', () => fillNicknameKeys(client, s.members));

    const pictures = await photos(s.photos);
    const urls: string[] = [];
    await timed(report, `${s.photos} photos (with thumbnails)`, async () => {
      for (const [i, p] of pictures.entries()) {
        const owner = `md5('member' || ${1 + i})::uuid::text`;
        const full = await q(
          `insert into images (owner_id, bytes, mime, width, height, variant) values (${owner}, $1, 'image/jpeg', $2, $3, 'full') returning id`,
          [p.full, p.w, p.h],
        );
        const id = full.rows[0].id as string;
        await q(
          `insert into images (owner_id, bytes, mime, width, height, variant, source_id) values (${owner}, $1, 'image/jpeg', $2, $3, 'thumb', $4)`,
          [p.thumb, p.tw, p.th, id],
        );
        urls.push(`/api/images/${id}`);
      }
    });

    const batch = 20_000;
    for (let from = 1; from <= s.items; from += batch) {
      const to = Math.min(from + batch - 1, s.items);
      await timed(
        report,
        `items ${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')}`,
        () =>
          q(
            `insert into items (title, description, category_id, condition, images, user_id, wanted_items,
                              estimated_value, is_open_to_offers, location, latitude, longitude, is_active,
                              created_at, updated_at)
           select case when i % 4999 = 0 then 'Surveyor''s theodolite'
                       else ($1::text[])[1 + (i * 7) % array_length($1, 1)] || ' ' || ($2::text[])[1 + (i * 13) % array_length($2, 1)] end,
                  concat_ws(' ', ($3::text[])[1 + i % array_length($3, 1)], ($3::text[])[1 + (i * 5 + 3) % array_length($3, 1)],
                            ($3::text[])[1 + (i * 11 + 7) % array_length($3, 1)], ($3::text[])[1 + (i * 3 + 1) % array_length($3, 1)]),
                  2 + i % 10,
                  ($4::text[])[1 + (i * 3) % 4],
                  array[($5::text[])[1 + i % array_length($5, 1)], ($5::text[])[1 + (i * 7) % array_length($5, 1)]],
                  md5('member' || (1 + i % $8::int))::uuid::text,
                  case when i % 3 = 0 then null else ($6::text[])[1 + i % array_length($6, 1)] end,
                  case when i % 4 = 0 then null else '£' || (5 + (i * 37) % 400) end,
                  i % 3 = 0,
                  ($7::text[])[1 + (i * 17) % array_length($7, 1)],
                  ($9::float8[])[1 + (i * 17) % array_length($9, 1)],
                  ($10::float8[])[1 + (i * 17) % array_length($10, 1)],
                  i % 20 <> 0,
                  now() - (${s.items} - i) * interval '5 minutes',
                  now() - (${s.items} - i) * interval '5 minutes'
             from generate_series($11::int, $12::int) as i`,
            [
              list(ADJECTIVES),
              list(NOUNS),
              list(SENTENCES),
              CONDITIONS,
              urls,
              list(WANTED),
              TOWNS.map((t) => t[0]),
              s.members,
              TOWNS.map((t) => t[1]),
              TOWNS.map((t) => t[2]),
              from,
              to,
            ],
          ),
      );
    }

    // The vocabulary typo correction reads (the app adds a listing's title words as it saves it).
    await timed(report, 'title words', () =>
      q(
        `insert into search_terms (word)
         select distinct w from items, regexp_split_to_table(lower(items.title), '[^[:alnum:]]+') as w
          where length(w) between 3 and 40
         on conflict do nothing`,
      ),
    );

    // Public points as the app makes them (0.5–1.5 km off, a stable direction per listing);
    // the bench derives the direction from the id instead of an HMAC.
    // One pass over the table (two doubled the seeding time at BENCH_SCALE=10).
    await timed(report, 'public points of listings', () =>
      q(
        `update items set (public_latitude, public_longitude, public_point) = (
           select p.lat, p.lon, ll_to_earth(p.lat, p.lon)
             from (select items.latitude + (0.5 + (items.id % 11) / 10.0) / 111.32 * cos(items.id) as lat,
                          items.longitude + (0.5 + (items.id % 11) / 10.0) / (111.32 * cos(radians(items.latitude))) * sin(items.id) as lon) p)
          where latitude is not null`,
      ),
    );

    // Member 1 is busy: party to the first offers, so the signed-in endpoints carry a full page.
    await timed(report, `${s.swapRequests.toLocaleString('en-GB')} swap requests`, () =>
      q(
        `insert into swap_requests (from_user_id, to_user_id, item_id, offered_item_id, message, offer_description, status, created_at, updated_at)
         select md5('member' || sender)::uuid::text, it.user_id, it.id, null,
                ($1::text[])[1 + i % array_length($1, 1)], case when i % 2 = 0 then ($2::text[])[1 + i % array_length($2, 1)] end,
                case when i <= $4::int * 11 / 10 then 'completed' when i % 3 = 0 then 'accepted' when i % 3 = 1 then 'pending' else 'rejected' end,
                now() - ($3::int - i) * interval '9 minutes', now() - ($3::int - i) * interval '9 minutes'
           from generate_series(1, $3::int) as i
           cross join lateral (select case when i <= $5::int and i % 2 = 0 then 1 else 2 + (i::bigint * 7919) % ($6::int - 1) end as sender) s
           cross join lateral (
             -- Items members, 2 × members, … (10000, 20000, … at scale 1) belong to member 1.
             select id, user_id from items
              where id = case when i <= $5::int and i % 2 = 1 then $6::int * (1 + i % 10) else (1 + (i::bigint * 104729) % $7::int)::int end
           ) it
          where it.user_id <> md5('member' || sender)::uuid::text`,
        [
          list(CHAT),
          list(NOUNS),
          s.swapRequests,
          s.feedback,
          BUSY_MEMBER_OFFERS,
          s.members,
          s.items,
        ],
      ),
    );

    const conversation = await q(
      `select id from swap_requests where from_user_id = md5('member1')::uuid::text or to_user_id = md5('member1')::uuid::text order by id limit 1`,
    );
    const conversationId = conversation.rows[0].id as number;
    await timed(report, `${s.messages.toLocaleString('en-GB')} messages`, async () => {
      await q(
        `insert into messages (swap_request_id, from_user_id, content, is_read, created_at)
         select r.id, case when n % 2 = 0 then r.from_user_id else r.to_user_id end,
                ($1::text[])[1 + n % array_length($1, 1)], true, r.created_at + n * interval '3 minutes'
           from swap_requests r
           cross join generate_series(1, 4) as n
          where r.id <> $3
          order by r.id, n
          limit $2::int - $4::int`,
        [list(CHAT), s.messages, conversationId, BENCH_CONVERSATION_MESSAGES],
      );
      await q(
        `insert into messages (swap_request_id, from_user_id, content, is_read, created_at)
         select r.id, case when n % 2 = 0 then r.from_user_id else r.to_user_id end,
                ($1::text[])[1 + n % array_length($1, 1)], true, r.created_at + n * interval '1 minute'
           from swap_requests r cross join generate_series(1, $3::int) as n where r.id = $2`,
        [list(CHAT), conversationId, BENCH_CONVERSATION_MESSAGES],
      );
    });

    await timed(report, `${s.feedback.toLocaleString('en-GB')} ratings`, () =>
      q(
        `insert into feedback (from_user_id, to_user_id, swap_request_id, rating, comment, created_at)
         select r.from_user_id, r.to_user_id, r.id, 1 + (r.id * 7) % 5, 'Smooth swap, thank you!', r.updated_at
           from swap_requests r where r.status = 'completed' order by r.id limit $1::int`,
        [s.feedback],
      ),
    );

    await timed(report, 'vacuum analyze', () => q('vacuum analyze'));
    return {
      memberId: (await q(`select md5('member1')::uuid::text as id`)).rows[0].id,
      conversationId,
    };
  } finally {
    await client.end();
  }
}
