import { type SQL, sql } from 'drizzle-orm';
import { displayName } from '../../../shared/names.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';

/**
 * GET /api/account/export (issue 40 §1): everything the site holds about a member as one JSON
 * document, written as it is read. Each section is read in keyset pages of PAGE rows, so a member
 * with 10,000 offers never has more than a page in memory nor holds the event loop for long.
 * Other members appear by id only, their names in `members` at the end: never an address or
 * any other private field of theirs. Sections are those member-data.ts names.
 */
const PAGE = 500;

/** Where a page starts: the last row's `k` (an id, a text, or a chat's `[thread, id]`). */
type Key = number | string | [number, number];

type Section = {
  name: string;
  /** One page after `after` (a row's `k`), each row `{ k, row }` with `row` built as JSON. */
  page: (member: string, after: Key) => SQL;
  /** A single object rather than a list. */
  single?: true;
  /** The first key; text keys start at '', chats at [0, 0]. */
  start?: Key;
};

/**
 * A page of the messages of the member's conversations (offers or circles), in each chat's
 * order along its `(thread, id)` index: the threads from `after`'s on, each read from the index
 * (never every message of every chat to sort them, which made a page cost 270 ms at 50,000).
 * The threads are not limited, so a page falls short of PAGE only at the end, however many
 * threads in a row have no message.
 */
const chatPage = (threads: SQL, table: string, thread: string, row: SQL, after: Key) => {
  const [afterThread, afterId] = Array.isArray(after) ? after : [0, 0];
  return sql`select jsonb_build_array(t.id, c.id) as k, ${row} as row
    from (${threads} and id >= ${afterThread} order by id) t
    cross join lateral (
      select * from ${sql.identifier(table)} x
      where x.${sql.identifier(thread)} = t.id and (t.id > ${afterThread} or x.id > ${afterId})
      order by x.id limit ${PAGE}) c
    order by t.id, c.id limit ${PAGE}`;
};

const photoUrls = (column: SQL) => sql`coalesce(${column}, '{}')`;

const circleIds = (member: string) =>
  sql`(select circle_id from circle_legs where giver_id = ${member} or receiver_id = ${member}
       union select id from circles where proposer_id = ${member})`;

const SECTIONS: Section[] = [
  {
    name: 'account',
    single: true,
    start: '',
    page: (m) => sql`select id as k, jsonb_build_object(
        'id', id, 'email', email, 'nickname', nickname, 'firstName', first_name,
        'lastName', last_name, 'bio', bio, 'location', location, 'picture', profile_image_url,
        'isAdmin', is_admin, 'emailVerifiedAt', email_verified_at, 'suspendedAt', suspended_at,
        'createdAt', created_at, 'updatedAt', updated_at) as row
      from users where id = ${m}`,
  },
  {
    name: 'listings',
    page: (m, after) => sql`select i.id as k, jsonb_build_object(
        'id', i.id, 'title', i.title, 'description', i.description, 'categoryId', i.category_id,
        'condition', i.condition, 'mode', i.mode, 'fairChanceHours', i.fair_chance_hours,
        'wantedItems', i.wanted_items, 'estimatedValue', i.estimated_value,
        'isOpenToOffers', i.is_open_to_offers, 'location', i.location, 'latitude', i.latitude,
        'longitude', i.longitude, 'publicLatitude', i.public_latitude,
        'publicLongitude', i.public_longitude, 'isActive', i.is_active, 'deletedAt', i.deleted_at,
        'photos', ${photoUrls(sql`i.images`)},
        'wants', coalesce((select jsonb_agg(w.wanted_item_id order by w.position)
                             from item_wants w where w.item_id = i.id), '[]'),
        'createdAt', i.created_at, 'updatedAt', i.updated_at) as row
      from items i where i.user_id = ${m} and i.id > ${after} order by i.id limit ${PAGE}`,
  },
  {
    name: 'savedItems',
    page: (m, after) => sql`select s.id as k, jsonb_build_object(
        'itemId', s.item_id, 'title', i.title, 'savedAt', s.created_at) as row
      from saved_items s join items i on i.id = s.item_id
      where s.user_id = ${m} and s.id > ${after} order by s.id limit ${PAGE}`,
  },
  {
    name: 'savedSearches',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'search', search, 'categoryId', category_id, 'near', near,
        'latitude', latitude, 'longitude', longitude, 'radiusKm', radius_km, 'mode', mode,
        'frequency', frequency, 'scope', scope, 'createdAt', created_at) as row
      from saved_searches where user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'offers',
    page: (m, after) => sql`select r.id as k, jsonb_build_object(
        'id', r.id, 'direction', case when r.from_user_id = ${m} then 'sent' else 'received' end,
        'otherMemberId', case when r.from_user_id = ${m} then r.to_user_id else r.from_user_id end,
        'status', r.status, 'message', r.message, 'offerDescription', r.offer_description,
        'offerPhotos', ${photoUrls(sql`r.offer_images`)}, 'closedReason', r.closed_reason,
        'counterOfId', r.counter_of_id,
        'listings', coalesce((select jsonb_agg(jsonb_build_object('side', x.side,
                                'itemId', x.item_id, 'title', i.title) order by x.side, x.position)
                              from swap_request_items x join items i on i.id = x.item_id
                              where x.request_id = r.id), '[]'),
        'createdAt', r.created_at, 'updatedAt', r.updated_at) as row
      from swap_requests r
      where (r.from_user_id = ${m} or r.to_user_id = ${m}) and r.id > ${after}
      order by r.id limit ${PAGE}`,
  },
  {
    name: 'offerMessages',
    start: [0, 0],
    page: (m, after) =>
      chatPage(
        sql`select id from swap_requests where (from_user_id = ${m} or to_user_id = ${m})`,
        'messages',
        'swap_request_id',
        sql`jsonb_build_object('id', c.id, 'offerId', c.swap_request_id,
          'fromMemberId', case when c.from_user_id = ${m} then null else c.from_user_id end,
          'byYou', c.from_user_id = ${m}, 'content', c.content, 'isRead', c.is_read,
          'createdAt', c.created_at)`,
        after,
      ),
  },
  {
    name: 'circles',
    page: (m, after) => sql`select c.id as k, jsonb_build_object(
        'id', c.id, 'status', c.status, 'proposedByYou', c.proposer_id = ${m},
        'closedReason', c.closed_reason, 'createdAt', c.created_at, 'acceptedAt', c.accepted_at,
        'closedAt', c.closed_at,
        'lastReadMessageId', (select r.last_read_message_id from circle_reads r
                               where r.circle_id = c.id and r.user_id = ${m}),
        'legs', (select jsonb_agg(jsonb_build_object('position', l.position,
                   'giverMemberId', l.giver_id, 'receiverMemberId', l.receiver_id,
                   'itemId', l.item_id, 'title', i.title, 'decision', l.decision,
                   'receivedAt', l.received_at) order by l.position)
                 from circle_legs l join items i on i.id = l.item_id where l.circle_id = c.id)
      ) as row
      from circles c where c.id in ${circleIds(m)} and c.id > ${after}
      order by c.id limit ${PAGE}`,
  },
  {
    name: 'circleMessages',
    start: [0, 0],
    page: (m, after) =>
      chatPage(
        sql`select id from circles where id in ${circleIds(m)}`,
        'circle_messages',
        'circle_id',
        sql`jsonb_build_object('id', c.id, 'circleId', c.circle_id,
          'fromMemberId', case when c.from_user_id = ${m} then null else c.from_user_id end,
          'byYou', c.from_user_id = ${m}, 'content', c.content, 'createdAt', c.created_at)`,
        after,
      ),
  },
  {
    name: 'roundsOrganised',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'title', title, 'description', description, 'state', state,
        'entriesCloseAt', entries_close_at, 'wantsCloseAt', wants_close_at,
        'shippingDeadline', shipping_deadline, 'createdAt', created_at) as row
      from rounds where organiser_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'roundEntries',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'roundId', round_id, 'itemId', item_id, 'wants', wants,
        'createdAt', created_at) as row
      from round_entries where user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'roundTrades',
    page: (m, after) => sql`select entry_id as k, jsonb_build_object(
        'roundId', round_id, 'itemId', item_id, 'giverMemberId', giver_id,
        'receiverMemberId', receiver_id, 'sentAt', sent_at, 'receivedAt', received_at) as row
      from round_trades where (giver_id = ${m} or receiver_id = ${m}) and entry_id > ${after}
      order by entry_id limit ${PAGE}`,
  },
  {
    name: 'ratingsGiven',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'toMemberId', to_user_id, 'offerId', swap_request_id, 'circleId', circle_id,
        'rating', rating, 'comment', comment, 'createdAt', created_at) as row
      from feedback where from_user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'ratingsReceived',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'fromMemberId', from_user_id, 'offerId', swap_request_id,
        'circleId', circle_id, 'rating', rating, 'comment', comment,
        'createdAt', created_at) as row
      from feedback where to_user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'listingReports',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'itemId', item_id, 'reason', reason, 'description', description,
        'status', status, 'createdAt', created_at) as row
      from flagged_items where user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'memberReports',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'reportedMemberId', member_id, 'reason', reason,
        'description', description, 'status', status, 'createdAt', created_at) as row
      from member_reports where reporter_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'problemsRaised',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'aboutMemberId', member_id, 'offerId', swap_request_id, 'circleId', circle_id,
        'reason', reason, 'message', message, 'status', status,
        'resolutionNote', resolution_note, 'createdAt', created_at) as row
      from problems where reporter_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'notifications',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'type', type, 'text', text, 'link', link, 'readAt', read_at,
        'createdAt', created_at) as row
      from notifications where recipient_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'notificationSettings',
    start: '',
    page: (m, after) => sql`select topic || '/' || channel as k, jsonb_build_object(
        'topic', topic, 'channel', channel, 'mode', mode, 'updatedAt', updated_at) as row
      from notification_settings where user_id = ${m} and topic || '/' || channel > ${after}
      order by 1 limit ${PAGE}`,
  },
  {
    name: 'sessions',
    start: '',
    // Never the session's id (even hashed): only when it began and when it runs out.
    page: (m, after) => sql`select sid as k, jsonb_build_object(
        'createdAt', sess->>'createdAt', 'expiresAt', expire) as row
      from sessions where sess->>'userId' = ${m} and sid > ${after} order by sid limit ${PAGE}`,
  },
  {
    name: 'pushDevices',
    // The endpoint is a capability URL (whoever has it can push to the browser): its host only.
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'id', id, 'pushService', substring(endpoint from '^[a-z]+://([^/:]+)'),
        'createdAt', created_at, 'lastSuccessAt', last_success_at) as row
      from push_subscriptions where user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'pageViews',
    page: (m, after) => sql`select id as k, jsonb_build_object(
        'path', path, 'ipAddress', ip_address, 'userAgent', user_agent,
        'at', created_at) as row
      from site_visits where user_id = ${m} and id > ${after} order by id limit ${PAGE}`,
  },
  {
    name: 'blocks',
    start: '',
    page: (m, after) => sql`select blocked_id as k, jsonb_build_object(
        'blockedMemberId', blocked_id, 'createdAt', created_at) as row
      from blocks where blocker_id = ${m} and blocked_id > ${after}
      order by blocked_id limit ${PAGE}`,
  },
  {
    name: 'pictures',
    start: '',
    page: (m, after) => sql`select g.id as k, jsonb_build_object(
        'url', '/api/images/' || g.id, 'width', g.width, 'height', g.height,
        'perceptualHash', (select to_hex(h.hash) from image_hashes h where h.image_id = g.id),
        'createdAt', g.created_at) as row
      from images g where g.owner_id = ${m} and g.variant = 'full' and g.id > ${after}
      order by g.id limit ${PAGE}`,
  },
  {
    name: 'offerResponses',
    page: (m, after) => sql`select swap_request_id as k, jsonb_build_object(
        'offerId', swap_request_id, 'receivedAt', received_at, 'answeredAt', answered_at,
        'outcome', outcome) as row
      from offer_responses where receiver_id = ${m} and swap_request_id > ${after}
      order by swap_request_id limit ${PAGE}`,
  },
  {
    name: 'counters',
    single: true,
    start: '',
    page: (m) => sql`select ${m} as k, jsonb_build_object(
        'completedSwaps', (select completed_swaps from member_stats where user_id = ${m}),
        'completedCircles', (select completed_circles from member_stats where user_id = ${m}),
        'offersReceived', (select received from offer_counts where user_id = ${m}),
        'offersMade', (select made from offer_counts where user_id = ${m}),
        'matchesLastSeenAt', (select seen_at from match_views where user_id = ${m})) as row`,
  },
  {
    name: 'moderation',
    start: '',
    // What an admin did: reports and problems they handled, photos they blocked.
    page: (m, after) => sql`select * from (
        select 'member-report:' || id as k, jsonb_build_object('memberReportId', id,
          'status', status, 'handledAt', handled_at) as row
        from member_reports where handled_by = ${m}
        union all
        select 'problem:' || id, jsonb_build_object('problemId', id, 'status', status,
          'action', action, 'handledAt', handled_at)
        from problems where handled_by = ${m}
        union all
        select 'blocked-photo:' || id, jsonb_build_object('blockedPhotoId', id,
          'imageUrl', image_url, 'createdAt', created_at)
        from blocked_images where blocked_by = ${m}) acts
      where k > ${after} order by k limit ${PAGE}`,
  },
];

/** The export's sections, in order: the test that walks the schema checks member-data.ts against them. */
export const EXPORT_SECTIONS = [...SECTIONS.map((section) => section.name), 'members'];

type Row = { k: Key; row: Record<string, unknown> };

/** Member ids a row names (keys ending in `MemberId`, at any depth). */
function collectMembers(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const entry of value) collectMembers(entry, into);
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (key.endsWith('MemberId') && typeof entry === 'string') into.add(entry);
      else if (entry && typeof entry === 'object') collectMembers(entry, into);
    }
  }
}

/** The document, piece by piece; `db` is read a page at a time. */
export async function* exportMemberData(
  ctx: AppContext,
  memberId: string,
  db: Executor = ctx.db,
): AsyncGenerator<string> {
  const mentioned = new Set<string>();
  yield `{"format":"swapmarket-export/1","site":${JSON.stringify(ctx.config.siteName)},"exportedAt":${JSON.stringify(new Date().toISOString())}`;
  for (const section of SECTIONS) {
    yield `,\n${JSON.stringify(section.name)}:`;
    let after: Key = section.start ?? 0;
    let first = true;
    if (!section.single) yield '[';
    for (;;) {
      const { rows } = await db.execute<Row>(section.page(memberId, after));
      // A page is one write: a chunk per row costs more than the reads.
      let text = '';
      for (const { row } of rows) {
        collectMembers(row, mentioned);
        text += `${first ? '' : ','}\n${JSON.stringify(row)}`;
        first = false;
      }
      if (text) yield text;
      if (section.single) {
        if (first) yield 'null';
        break;
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = last.k;
    }
    if (!section.single) yield ']';
  }
  mentioned.delete(memberId);
  yield ',\n"members":[';
  const ids = [...mentioned];
  let firstMember = true;
  for (let start = 0; start < ids.length; start += PAGE) {
    const { rows } = await db.execute<{
      id: string;
      nickname: string | null;
      first_name: string | null;
      last_name: string | null;
    }>(sql`select id, nickname, first_name, last_name from users
           where id in (${sql.join(
             ids.slice(start, start + PAGE).map((id) => sql`${id}`),
             sql`, `,
           )})`);
    for (const row of rows) {
      const name = displayName({
        nickname: row.nickname,
        firstName: row.first_name,
        lastName: row.last_name,
      });
      yield `${firstMember ? '' : ','}\n${JSON.stringify({ id: row.id, name })}`;
      firstMember = false;
    }
  }
  yield ']}\n';
}
