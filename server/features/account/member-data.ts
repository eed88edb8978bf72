/**
 * Every column that names a member (issue 40 §1), and what the export and the erasure do with
 * it: one list, read by both and by the test that walks the database's foreign keys to `users`
 * (member-data.test.ts), so a new table naming members fails that test until it is listed here.
 *
 * `erase`: `delete` the rows, `clear` the column (set null), or `kept` with the reason, for what
 * the other party still needs (the row then names the tombstone, "Deleted member") or what
 * erasure.ts handles by hand (listings, sessions).
 */
export type Erase = 'delete' | 'clear' | { kept: string };

export type MemberColumn = {
  /** The export's section holding these rows, or why they are not exported. */
  export: { section: string } | { omitted: string };
  erase: Erase;
  /** False for a column that holds member ids without a foreign key. */
  foreignKey?: false;
};

const HISTORY = 'the other party’s history, shown as Deleted member';

export const MEMBER_COLUMNS: Record<string, MemberColumn> = {
  'items.user_id': {
    export: { section: 'listings' },
    erase: { kept: 'deleted, or hidden with their first photo when a trade names them' },
  },
  'saved_items.user_id': { export: { section: 'savedItems' }, erase: 'delete' },
  'saved_searches.user_id': { export: { section: 'savedSearches' }, erase: 'delete' },
  'swap_requests.from_user_id': { export: { section: 'offers' }, erase: { kept: HISTORY } },
  'swap_requests.to_user_id': { export: { section: 'offers' }, erase: { kept: HISTORY } },
  'messages.from_user_id': { export: { section: 'offerMessages' }, erase: { kept: HISTORY } },
  'feedback.from_user_id': { export: { section: 'ratingsGiven' }, erase: { kept: HISTORY } },
  'feedback.to_user_id': { export: { section: 'ratingsReceived' }, erase: { kept: HISTORY } },
  'circles.proposer_id': { export: { section: 'circles' }, erase: { kept: HISTORY } },
  'circle_legs.giver_id': { export: { section: 'circles' }, erase: { kept: HISTORY } },
  'circle_legs.receiver_id': { export: { section: 'circles' }, erase: { kept: HISTORY } },
  'circle_messages.from_user_id': {
    export: { section: 'circleMessages' },
    erase: { kept: HISTORY },
  },
  'circle_reads.user_id': { export: { section: 'circles' }, erase: 'delete' },
  'rounds.organiser_id': { export: { section: 'roundsOrganised' }, erase: { kept: HISTORY } },
  'round_entries.user_id': { export: { section: 'roundEntries' }, erase: { kept: HISTORY } },
  'round_trades.giver_id': { export: { section: 'roundTrades' }, erase: { kept: HISTORY } },
  'round_trades.receiver_id': { export: { section: 'roundTrades' }, erase: { kept: HISTORY } },
  'flagged_items.user_id': {
    export: { section: 'listingReports' },
    erase: { kept: 'the admins’ queue keeps the report, from Deleted member' },
  },
  'member_reports.reporter_id': {
    export: { section: 'memberReports' },
    erase: { kept: 'the admins’ queue keeps the report, from Deleted member' },
  },
  'member_reports.member_id': {
    export: { omitted: 'another member’s report about them' },
    erase: 'delete',
  },
  'member_reports.handled_by': { export: { section: 'moderation' }, erase: 'clear' },
  'problems.reporter_id': { export: { section: 'problemsRaised' }, erase: { kept: HISTORY } },
  'problems.member_id': {
    export: { omitted: 'another member’s report about them' },
    erase: { kept: HISTORY },
  },
  'problems.handled_by': { export: { section: 'moderation' }, erase: 'clear' },
  'blocked_images.blocked_by': { export: { section: 'moderation' }, erase: 'clear' },
  'notifications.recipient_id': { export: { section: 'notifications' }, erase: 'delete' },
  'notifications.actor_id': {
    export: { omitted: 'notifications of other members' },
    erase: 'clear',
  },
  'notification_settings.user_id': {
    export: { section: 'notificationSettings' },
    erase: 'delete',
  },
  'push_subscriptions.user_id': { export: { section: 'pushDevices' }, erase: 'delete' },
  'site_visits.user_id': { export: { section: 'pageViews' }, erase: 'delete' },
  'blocks.blocker_id': { export: { section: 'blocks' }, erase: 'delete' },
  'blocks.blocked_id': {
    export: { omitted: 'another member’s choice to block them' },
    erase: 'delete',
  },
  'images.owner_id': {
    export: { section: 'pictures' },
    // The avatar and the photos of deleted listings go with them; a kept listing's first photo
    // and an offer's photos stay in the other party's history, owned by nobody.
    erase: 'clear',
  },
  'image_hashes.owner_id': { export: { section: 'pictures' }, erase: 'clear' },
  'offer_responses.receiver_id': { export: { section: 'offerResponses' }, erase: 'delete' },
  'member_stats.user_id': { export: { section: 'counters' }, erase: 'delete' },
  'offer_counts.user_id': {
    export: { section: 'counters' },
    erase: { kept: 'counts kept by a trigger on the offers, which stay' },
  },
  'match_views.user_id': { export: { section: 'counters' }, erase: 'delete' },
  // Columns holding member ids without a foreign key.
  'sessions.sess': {
    export: { section: 'sessions' },
    erase: { kept: 'ended with destroyUserSessions, which tells every app server' },
    foreignKey: false,
  },
  'federation_keys.owner': {
    export: { omitted: 'the signing keys of their actor (secrets)' },
    // The Deletes of their listings leave after the erasure, signed by their actor (now named
    // Deleted member): other instances check them against this key.
    erase: { kept: 'signs the Deletes of their listings sent after the erasure' },
    foreignKey: false,
  },
  'matching_listings.user_id': {
    export: { omitted: 'derived from their listings' },
    erase: { kept: 'the want graph’s upkeep removes it with the listings' },
    foreignKey: false,
  },
  'want_phrases.user_id': {
    export: { omitted: 'derived from their listings' },
    erase: { kept: 'the want graph’s upkeep removes it with the listings' },
    foreignKey: false,
  },
  'want_edges.from_user_id': {
    export: { omitted: 'derived from their listings' },
    erase: { kept: 'the want graph’s upkeep removes it with the listings' },
    foreignKey: false,
  },
  'want_edges.to_user_id': {
    export: { omitted: 'derived from their listings' },
    erase: { kept: 'the want graph’s upkeep removes it with the listings' },
    foreignKey: false,
  },
  'want_cycles.user_id': {
    export: { omitted: 'derived from their listings' },
    erase: { kept: 'the want graph’s upkeep removes it with the listings' },
    foreignKey: false,
  },
};

/** The columns whose rows the erasure deletes, or clears, as [table, column]. */
export const columnsTo = (erase: 'delete' | 'clear'): Array<[string, string]> =>
  Object.entries(MEMBER_COLUMNS)
    .filter(([, column]) => column.erase === erase)
    .map(([name]) => name.split('.') as [string, string]);
