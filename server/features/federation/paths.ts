/**
 * Where this instance's ActivityPub documents live. Another SwapMarket finds our instance actor at
 * INSTANCE_ACTOR_PATH of the base URL its admin typed; members' actors sit beside it by id.
 */
export const ACTOR_PATH = '/ap/actors/{identifier}';
export const INBOX_PATH = '/ap/actors/{identifier}/inbox';
export const SHARED_INBOX_PATH = '/ap/inbox';
export const OUTBOX_PATH = '/ap/actors/{identifier}/outbox';
export const FOLLOWERS_PATH = '/ap/actors/{identifier}/followers';
/** A listing's object is its page's URL, answered as JSON-LD to whoever asks for it. */
export const LISTING_PATH = '/item/{id}';
export const NODEINFO_PATH = '/nodeinfo/2.1';

/** The instance actor's identifier: member actors are named by their id, a uuid. */
export const INSTANCE_IDENTIFIER = 'instance';
export const INSTANCE_ACTOR_PATH = `/ap/actors/${INSTANCE_IDENTIFIER}`;

/** The relation of a listing's `tag` links that name what its owner would take for it, in order. */
export const WANTS_REL = 'urn:swapmarket:wants';

/** Paths whose requests go to Fedify before Fastify's routes (the item page too, by its Accept). */
export const FEDERATION_PREFIXES = [
  '/ap/',
  '/.well-known/webfinger',
  '/.well-known/nodeinfo',
  '/nodeinfo/',
];

export const listingUrl = (publicUrl: string, id: number) => new URL(`/item/${id}`, publicUrl);
export const actorUrl = (publicUrl: string, identifier: string) =>
  new URL(`/ap/actors/${identifier}`, publicUrl);
